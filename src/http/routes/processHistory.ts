import type { Router } from 'express';
import { exactRouter } from '../exactRouter.js';
import * as t from 'io-ts';
import { instanceStream } from '../../../domain/processes/instance/processInstance.js';
import type { Services } from '../../services.js';
import { decodeOrThrow, strictObject } from '../codec.js';
import { queryInteger } from '../codecs/common.js';
import { handle, ok } from '../handler.js';
import { HttpProblem } from '../problem.js';
import { visibleInstance } from '../pathResources.js';

/** What this file uses of the services. */
type Needs = Pick<Services, 'eventStore' | 'readStore'>;

const HistoryQuery = strictObject(
  'HistoryQuery',
  {},
  { limit: queryInteger(1, 100), cursor: t.string },
);

/** `GET /v1/process-instances/{id}/events`: the instance's own stream, oldest first. */
export const processHistoryRoutes = (services: Needs): Router => {
  const router = exactRouter();

  router.get(
    '/v1/process-instances/:instance_id/events',
    handle(async (req) => {
      const instance = await visibleInstance(services, req);
      const query = decodeOrThrow(HistoryQuery, req.query, 'query');
      const limit = query.limit ?? 20;
      // The cursor is the revision to continue from: a stream only grows, so it stays valid.
      const from = query.cursor === undefined ? 0 : Number(query.cursor);
      if (!/^\d{1,15}$/.test(query.cursor ?? '0')) {
        throw new HttpProblem('validation_failed', 'The cursor is not one this list issued.', [
          { path: 'cursor', message: 'is not a cursor of this list' },
        ]);
      }
      const events = await services.eventStore.readStream(instanceStream(instance.id), {
        fromRevision: from,
        limit: limit + 1,
      });
      const page = events.slice(0, limit);
      const hasMore = events.length > limit;
      return ok({
        object: 'list',
        data: page.map((event) => ({
          object: 'process_instance_event',
          id: event.id,
          type: event.type,
          stream: event.stream,
          revision: event.revision,
          position: event.position,
          recorded_at: event.recorded_at,
          data: event.data,
          metadata: event.metadata,
        })),
        has_more: hasMore,
        next_cursor: hasMore ? String(from + limit) : null,
      });
    }),
  );

  return router;
};
