import { postgresClaims } from '../../adapters/claims/postgres/postgresClaims.js';
import { postgresEventStore } from '../../adapters/eventstore/postgres/postgresEventStore.js';
import { postgresIdempotencyStore } from '../../adapters/idempotency/postgres/postgresIdempotencyStore.js';
import { postgresPayloadKeys } from '../../adapters/payloadkeys/postgres/postgresPayloadKeys.js';
import { postgresPartitions } from '../../adapters/partitions/postgres/postgresPartitions.js';
import { openPostgres } from '../../adapters/postgres/database.js';
import { postgresReadStore } from '../../adapters/readstore/postgres/postgresReadStore.js';
import { postgresProjectionProgress } from '../../adapters/readstore/postgres/projectionProgress.js';
import { postgresFeed } from '../../adapters/transport/postgres/partitionedFeed.js';
import type { Config } from '../config/config.js';
import type { Logger } from '../logging/logger.js';
import { isPassingDatabaseFault } from '../../adapters/postgres/faults.js';
import { troubleBackoffMs } from '../../adapters/eventstore/troublePause.js';
import { eventKey } from '../transport/eventKey.js';
import type { DistributedStores } from './distributedPorts.js';

/** Connections kept for lease renewals, beside the pool's. */
const LEASE_CONNECTIONS = 2;

/**
 * A process may start before its database answers (both started at once, or the server
 * restarting): it waits for it, trying again after a pause that grows to two seconds, and says so
 * in the log, rather than exit. An error that is not a passing fault (a wrong password, a bad
 * schema) ends the start at once.
 */
const untilAnswering = async <T>(open: () => Promise<T>, logger: Logger): Promise<T> => {
  for (let failures = 1; ; failures++) {
    try {
      return await open();
    } catch (error) {
      if (!isPassingDatabaseFault(error)) throw error;
      if ((failures & (failures - 1)) === 0)
        logger.warn(
          { err: error, failures },
          'PostgreSQL does not answer yet; the process waits for it',
        );
      await new Promise((resolve) => setTimeout(resolve, troubleBackoffMs(failures)));
    }
  }
};

/**
 * Every port on PostgreSQL, in the deployment's schema (made and migrated at start). The transport
 * is the log itself: the relay has nothing to copy.
 */
export const openPostgresStores = async (
  config: Config,
  logger: Logger,
): Promise<DistributedStores> => {
  // Claims (a try's, a run's lease) are taken one per delivery sent: their commits do not wait for
  // the server's disk, on connections of their own (a fifth of the process's).
  const forClaims = Math.max(1, Math.floor(config.postgresPoolSize / 5));
  const connect = (max: number, synchronousCommit: boolean) =>
    untilAnswering(
      () =>
        openPostgres({
          url: config.postgresUrl!,
          schema: config.postgresSchema,
          max,
          synchronousCommit,
          timeouts: config.postgresTimeouts,
        }),
      logger,
    );
  const db = await connect(config.postgresPoolSize - forClaims, true);
  const claimsDb = await connect(forClaims, false).catch(async (error: unknown) => {
    await db.close();
    throw error;
  });
  // Lease renewals on two connections of their own: a deep queue of work on the main pool must
  // never let a lease lapse.
  const leasesDb = await connect(LEASE_CONNECTIONS, true).catch(async (error: unknown) => {
    await claimsDb.close();
    await db.close();
    throw error;
  });
  try {
    const eventStore = await postgresEventStore(db);
    return {
      eventStore,
      readStore: await postgresReadStore(db),
      progress: postgresProjectionProgress(db),
      idempotency: await postgresIdempotencyStore(db),
      payloadKeys: await postgresPayloadKeys(db),
      claims: await postgresClaims(claimsDb),
      partitions: await postgresPartitions(db, { renewals: leasesDb }),
      transport: {
        feed: await postgresFeed(db, eventStore, { keyOf: eventKey, renewals: leasesDb }),
      },
      close: async () => {
        await eventStore.close();
        await claimsDb.close();
        await leasesDb.close();
        await db.close();
      },
    };
  } catch (error) {
    await claimsDb.close();
    await leasesDb.close();
    await db.close();
    throw error;
  }
};
