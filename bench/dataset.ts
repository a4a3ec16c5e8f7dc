/**
 * A data folder the server can start on, filled in the benchmark's own process through the same
 * stores and projections the server uses: a long history, and many endpoints for one merchant.
 */
import { isLeft } from 'fp-ts/lib/Either.js';
import type { EventStore } from '../adapters/eventstore/port.js';
import type { ReadStore } from '../adapters/readstore/port.js';
import { emptyMetadata } from '../domain/shared/envelope.js';
import { endpointDecider, endpointStream } from '../domain/webhooks/endpoint.js';
import { allProjections } from '../projections/index.js';
import { PLANNER } from '../src/delivery/planner.js';
import { silentLogger } from '../src/logging/logger.js';
import { openEmbeddedStores } from '../src/modes/embeddedStores.js';
import { EXECUTOR_GROUP } from '../src/processes/executor.js';
import { NOTIFIER } from '../src/processes/notifier.js';
import { startProjector } from '../src/projector/projector.js';
import { loadEncryptionKey } from '../src/secrets/encryptionKey.js';
import { secretBox } from '../src/secrets/secretBox.js';
import { generateSigningSecret } from '../src/webhooks/signingSecret.js';

export type Dataset = {
  eventStore: EventStore;
  readStore: ReadStore;
  /** Lets the server's processors start at the end of the log, so it does not replan the history. */
  close: () => Promise<void>;
  addEndpoints: (from: number, to: number, options?: { rateLimitPerS?: number }) => Promise<void>;
};

/** The merchant with many endpoints, and the channel of the event the benchmarks match. */
export const BUSY_MERCHANT = 'mer_growth';
export const MATCHED_CHANNEL = 'tenant_7';
/** The endpoints of the busy merchant that receive every `order.created`, whatever its channel. */
export const UNCHANNELLED = 2;

export const endpointId = (i: number) => `we_growth${String(i).padStart(6, '0')}`;

/**
 * Endpoint `i` of the busy merchant: the first ones take every `order.created`; each other one
 * takes the events of its own channel (`tenant_<i>`), as a platform routes a tenant's events.
 */
const settingsOf = (i: number, url: string, rateLimitPerS: number | null) => ({
  url,
  description: '',
  filter_types: i < UNCHANNELLED ? ['order.created'] : null,
  channels: i < UNCHANNELLED ? null : [`tenant_${i}`],
  disabled: false,
  rate_limit_per_s: rateLimitPerS,
  metadata: {},
  headers: {},
  filter: null,
  ordering: 'unordered' as const,
});

export const openDataset = async (dataDir: string, receiverUrl: string): Promise<Dataset> => {
  const stores = await openEmbeddedStores(
    { dataDir, sqliteSynchronous: 'normal' },
    { holder: 'the benchmark', onLockLost: () => undefined },
  );
  const { eventStore, readStore } = stores;
  const projector = await startProjector(eventStore, readStore, allProjections, silentLogger(), {
    inline: true,
  });
  const box = secretBox(loadEncryptionKey(undefined, dataDir));
  const meta = {
    ...emptyMetadata(),
    merchant_id: BUSY_MERCHANT,
    actor: 'key_bench',
    request_id: 'req_bench',
  };

  const addEndpoints = async (
    from: number,
    to: number,
    options: { rateLimitPerS?: number } = {},
  ) => {
    const now = new Date().toISOString();
    const appends: Promise<unknown>[] = [];
    for (let i = from; i < to; i++) {
      const id = endpointId(i);
      const decided = endpointDecider.decide(
        {
          type: 'create_endpoint',
          endpoint_id: id,
          acting_merchant: undefined,
          now,
          merchant_id: BUSY_MERCHANT,
          secret: box.seal(generateSigningSecret(), id),
          settings: settingsOf(i, receiverUrl, options.rateLimitPerS ?? null),
        },
        endpointDecider.initialState(),
      );
      if (isLeft(decided)) throw new Error(`endpoint ${id}: ${decided.left.detail}`);
      const events = decided.right.map((event) => ({
        ...event,
        id: crypto.randomUUID(),
        metadata: meta,
      }));
      appends.push(eventStore.append(endpointStream(id), events, 'no_stream'));
      if (appends.length >= 500) await Promise.all(appends.splice(0));
    }
    await Promise.all(appends);
  };

  return {
    eventStore,
    readStore,
    addEndpoints,
    close: async () => {
      const head = await eventStore.headPosition();
      await projector.caughtUp(head, 600_000);
      if (head !== undefined) {
        for (const processor of [PLANNER, NOTIFIER, EXECUTOR_GROUP]) {
          await readStore.registerProjection(processor, []);
          await readStore.apply(processor, { kind: 'live' }, [], head);
        }
      }
      await projector.stop();
      await stores.close();
    },
  };
};
