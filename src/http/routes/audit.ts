import type { Router } from 'express';
import { exactRouter } from '../exactRouter.js';
import { auditEntry } from '../../audit/auditEntry.js';
import { readAuditPage } from '../../audit/readAudit.js';
import { position } from '../../../domain/shared/envelope.js';
import type { Services } from '../../services.js';
import { decodeOrThrow } from '../codec.js';
import { AuditEventsQuery } from '../codecs/audit.js';
import { handle, ok } from '../handler.js';
import { requireRole } from '../requestContext.js';
import { openEvents } from '../../payloads/sealedEvents.js';

/** What this file uses of the services. */
type Needs = Pick<Services, 'dataKeys' | 'sealedLog'>;

const DEFAULT_LIMIT = 20;

/**
 * The whole log, for auditors: every event, oldest first (or newest first, reading backward from
 * the end), with who and what caused it.
 */
export const auditRoutes = (services: Needs): Router => {
  const router = exactRouter();
  router.get(
    '/v1/audit/events',
    handle(async (req) => {
      requireRole(req, 'admin', 'auditor');
      const query = decodeOrThrow(AuditEventsQuery, req.query, 'query');
      const page = await readAuditPage(services.sealedLog, {
        from: query.from_position === undefined ? undefined : position(query.from_position),
        direction: query.direction ?? 'forward',
        filter: {
          ...(query.type !== undefined && { type: query.type }),
          ...(query.stream !== undefined && { stream: query.stream }),
          ...(query.merchant_id !== undefined && { merchantId: query.merchant_id }),
          ...(query.correlation_id !== undefined && { correlationId: query.correlation_id }),
        },
        limit: query.limit ?? DEFAULT_LIMIT,
      });
      return ok({
        object: 'list',
        // Auditors see the receivers' answers too, opened as the payloads are.
        data: (await openEvents(services.dataKeys, page.events, { attempts: true })).map(
          auditEntry,
        ),
        has_more: page.hasMore,
        next_position: page.next ?? query.from_position ?? null,
      });
    }),
  );
  return router;
};
