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
  /**
   * Also the events never sent to the endpoint (published before it existed, say), sent to it for
   * the first time: a back-fill. Off by default, so that a replay only sends again what was sent.
   */
  includeUnsent: boolean;
};

export type Replayed = {
  replay_id: string;
  /** Every message the replay queued: `replayed` plus `backfilled`. */
  count: number;
  /** Messages the endpoint had been sent before, sent again. */
  replayed: number;
  /** Events never sent to the endpoint, sent to it for the first time (`includeUnsent`). */
  backfilled: number;
  /** Events of the window it receives but was never sent, left out because `includeUnsent` was off. */
  unsent_skipped: number;
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
 * What a replay does with one event of its window that the endpoint receives, named after what it
 * counts: sent again, sent for the first time, left out as never sent, or left out as delivered.
 */
type Choice = 'replayed' | 'backfilled' | 'unsent_skipped' | 'delivered';

/**
 * An event the endpoint has a message for was sent to it before: it is sent again, unless it was
 * delivered and only failed ones are asked for. One it has none for never was (it was published
 * before the endpoint existed, or was filtered out then): it is sent only when asked for.
 */
const choiceFor = async (
  services: Pick<Services, 'readStore'>,
  endpointId: string,
  eventId: string,
  window: ReplayWindow,
): Promise<Choice> => {
  const message = await getDoc(
    services.readStore,
    WEBHOOK_MESSAGES,
    messageId(endpointId, eventId),
  );
  if (!message) return window.includeUnsent ? 'backfilled' : 'unsent_skipped';
  if (window.onlyFailed && message.status === 'succeeded') return 'delivered';
  return 'replayed';
};

/**
 * Sends again every event of the endpoint's merchant created in the window that the endpoint
 * receives (its filter types and channels) and was sent to it before and, with `onlyFailed`, that
 * has not yet reached it; with `includeUnsent`, those never sent to it too. Each is requeued as a
 * new round, or planned, with trigger `replay` and one replay id: a back-filled message's first
 * attempt is a `replay`, where a message sent as published begins with an `initial` one.
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
  const counts = { replayed: 0, backfilled: 0, unsent_skipped: 0 };
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
      const choice = await choiceFor(services, endpoint.id, event.id, window);
      if (choice === 'delivered') continue;
      counts[choice]++;
      if (choice !== 'unsent_skipped') chosen.push(event);
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
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  const count = counts.replayed + counts.backfilled;
  if (count === 0 && unreadable > 0)
    return left(
      domainError(
        'data_erased',
        `The ${unreadable} events of the window can no longer be sent: their payloads were erased or have expired.`,
      ),
    );
  return right({ replay_id: replayId, count, ...counts, position: last });
};
