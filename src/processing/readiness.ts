import type { Services } from '../services.js';
import type { TroubledWorker } from './workerHealth.js';

/** A store that has not answered in this long counts as not answering. */
const PING_TIMEOUT_MS = 2_000;

const answers = (ping: () => Promise<void>): Promise<'ok' | 'unavailable'> =>
  Promise.race([
    ping().then(
      () => 'ok' as const,
      () => 'unavailable' as const,
    ),
    new Promise<'unavailable'>((resolve) =>
      setTimeout(() => resolve('unavailable'), PING_TIMEOUT_MS).unref(),
    ),
  ]);

export type Readiness = {
  ready: boolean;
  checks: { event_store: 'ok' | 'unavailable'; read_store: 'ok' | 'unavailable' };
  /** The workers whose loops are failing now: each tries again by itself. */
  workers_failing: TroubledWorker[];
};

/**
 * Whether this process can do its work now: its stores answer, and none of its workers' loops is
 * failing. An orchestrator that sees it not ready stops sending it requests, and restarts it if
 * that lasts; a worker that recovers makes it ready again by itself.
 */
export const readiness = async (
  services: Pick<Services, 'eventStore' | 'readStore' | 'health'>,
): Promise<Readiness> => {
  const [eventStore, readStore] = await Promise.all([
    answers(() => services.eventStore.ping()),
    answers(() => services.readStore.ping()),
  ]);
  const failing = services.health.troubled();
  return {
    ready: eventStore === 'ok' && readStore === 'ok' && failing.length === 0,
    checks: { event_store: eventStore, read_store: readStore },
    workers_failing: failing,
  };
};

/** Why a process is not ready, in a sentence. */
export const notReadyBecause = (found: Omit<Readiness, 'ready'>): string =>
  found.checks.event_store !== 'ok' || found.checks.read_store !== 'ok'
    ? 'A store does not answer.'
    : `A worker's loop is failing: ${found.workers_failing.map((w) => w.worker).join(', ')}.`;
