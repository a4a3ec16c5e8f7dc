import type { Either } from 'fp-ts/lib/Either.js';
import { isLeft, left, right } from 'fp-ts/lib/Either.js';
import type { EventMetadata, Position } from '../../domain/shared/envelope.js';
import { comparePositions } from '../../domain/shared/envelope.js';
import type { DomainError } from '../../domain/shared/errors.js';
import { domainError } from '../../domain/shared/errors.js';
import { endpointStream } from '../../domain/webhooks/endpoint.js';
import { WEBHOOK_MESSAGES, messageId } from '../../projections/deliveries.js';
import type { EventDoc } from '../../projections/events.js';
import { openEventDocs } from '../payloads/openedDocs.js';
import { EVENTS } from '../../projections/events.js';
import type { EndpointDoc } from '../../projections/webhookEndpoints.js';
import { WEBHOOK_ENDPOINTS } from '../../projections/webhookEndpoints.js';
import { newId } from '../ids.js';
import type { Services } from '../services.js';
import { deliver } from './deliver.js';
import { planReads } from './planner.js';
import { replayReceives } from './replayChoice.js';
import { getDoc, findDocs } from '../reads/readModels.js';

export type ReplayWindow = {
  /** RFC 3339; events created at or after it. */
  since: string;
  /** RFC 3339; events created at or before it. Absent: now. */
  until?: string | undefined;
  /** Only the events not yet delivered successfully to the endpoint (the default of the API). */
  onlyFailed: boolean;
};

export type Replayed = {
  replay_id: string;
  count: number;
  /** Where the last delivery event sits in the log: wait for the projections to reach it. */
  position: Position | undefined;
};

/** Offline (the command line), no process sends what is planned, and no bodies are kept for it. */
type ReplayServices = Pick<Services, 'dataKeys' | 'eventStore' | 'readStore' | 'now'> &
  Partial<Pick<Services, 'webhookBodies'>>;

const PAGE = 100;

/**
 * The endpoint a replay names, by id alone (the caller has already decided who may act on it): a
 * deleted endpoint is told apart from one that never existed.
 */
export const endpointToReplay = async (
  services: Pick<Services, 'eventStore' | 'readStore'>,
  endpointId: string,
): Promise<Either<DomainError, EndpointDoc>> => {
  const doc = await getDoc(services.readStore, WEBHOOK_ENDPOINTS, endpointId);
  if (doc) return right(doc);
  const history = await services.eventStore.readStream(endpointStream(endpointId));
  return left(
    history.some((event) => event.type === 'webhook_endpoint.deleted')
      ? domainError('not_found', `Webhook endpoint ${endpointId} was deleted.`)
      : domainError('not_found', `No webhook endpoint ${endpointId}.`),
  );
};

/**
 * Sends again every event of the endpoint's merchant created in the window that the endpoint
 * receives (its filter types and channels) and, with `onlyFailed`, that has not yet reached it:
 * each is planned, or requeued as a new round, with trigger `replay` and one replay id.
 */
export const replayWindow = async (
  services: ReplayServices,
  endpoint: EndpointDoc,
  window: ReplayWindow,
  metadata: EventMetadata,
): Promise<Either<DomainError, Replayed>> => {
  if (endpoint.disabled)
    return left(domainError('conflict', `Endpoint ${endpoint.id} is disabled; enable it first.`));
  const since = new Date(window.since).toISOString();
  const until = new Date(window.until ?? services.now().toISOString()).toISOString();
  if (since > until) {
    return left(
      domainError('validation_failed', 'since is after until.', [
        { path: 'since', message: 'must not be after until' },
      ]),
    );
  }
  const replayId = newId('rpl');
  let count = 0;
  let unreadable = 0;
  let last: Position | undefined;
  let cursor: string | undefined;
  const reads = planReads();
  do {
    const page = await findDocs(services.readStore, EVENTS, {
      where: { merchant_id: endpoint.merchant_id },
      range: { gte: since, lte: until },
      orderBy: { field: 'created_at', direction: 'asc' },
      limit: PAGE,
      ...(cursor && { cursor }),
    });
    const chosen: EventDoc[] = [];
    for (const opened of await openEventDocs(services.dataKeys, page.docs)) {
      // Its payload erased or expired: there is nothing to send again.
      if (opened.data === null) {
        unreadable++;
        continue;
      }
      const event = { ...opened, data: opened.data };
      if (!(await replayReceives(services, endpoint, event, reads))) continue;
      if (window.onlyFailed) {
        const message = await getDoc(
          services.readStore,
          WEBHOOK_MESSAGES,
          messageId(endpoint.id, event.id),
        );
        if (message?.status === 'succeeded') continue;
      }
      chosen.push(event);
    }
    // A page's deliveries are written together: the store commits them as one group.
    const results = await Promise.all(
      chosen.map((event) => deliver(services, event, endpoint.id, 'replay', replayId, metadata)),
    );
    for (const result of results) {
      if (isLeft(result)) return result;
      const position = result.right;
      if (position && (last === undefined || comparePositions(position, last) > 0)) last = position;
    }
    count += chosen.length;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  if (count === 0 && unreadable > 0)
    return left(
      domainError(
        'data_erased',
        `The ${unreadable} events of the window can no longer be sent: their payloads were erased or have expired.`,
      ),
    );
  return right({ replay_id: replayId, count, position: last });
};
