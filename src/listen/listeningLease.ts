import type { Services } from '../services.js';

type Needs = Pick<Services, 'claims' | 'config'>;

/**
 * Every listening session, in every process, holds its listener under this one name: each renews
 * the same hold, so that the listener counts as in use while any of them runs.
 */
const SESSIONS = 'sluice:listen-sessions';
/** How long a session waits for a sweep that holds its listener (while deleting it) to let go. */
const WAIT_FOR_SWEEP_MS = 15_000;
const RETRY_MS = 100;

/** The claim a listening endpoint is held under while someone listens on it. */
export const listeningClaim = (endpointId: string): string => `listening:${endpointId}`;

/**
 * How long a hold outlasts its last renewal: a minute, or less when listeners are removed sooner
 * (SLUICE_LISTENER_IDLE_S), so that one is never kept long after its sessions end.
 */
export const listeningLeaseMs = (config: Needs['config']): number =>
  Math.min(60_000, config.listenerIdleMs);

/** How often a running session renews its hold: several times within the lease. */
export const renewEveryMs = (config: Needs['config']): number =>
  Math.max(50, Math.floor(listeningLeaseMs(config) / 4));

/** Renews (or takes) the session's hold on its listener; false while a sweep holds it. */
export const renewListener = (services: Needs, endpointId: string): Promise<boolean> =>
  services.claims.claim(listeningClaim(endpointId), SESSIONS, listeningLeaseMs(services.config));

/**
 * Takes the hold before a session opens its listener. A sweep holds it only while it closes or
 * deletes the listener; once it lets go (or its own short lease ends), the session opens the
 * listener as the log then has it, made again if it was deleted.
 */
export const holdListener = async (services: Needs, endpointId: string): Promise<void> => {
  const giveUpAt = Date.now() + WAIT_FOR_SWEEP_MS;
  while (!(await renewListener(services, endpointId)) && Date.now() < giveUpAt)
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
};
