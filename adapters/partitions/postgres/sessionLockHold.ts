import type pg from 'pg';
import { troubleBackoffMs } from '../../eventstore/troublePause.js';
import type { PostgresDatabase } from '../../postgres/database.js';
import type { PartitionHold } from '../port.js';

/** How often the holder shows it is alive, and a standby asks for the lock. */
const BEAT_MS = 500;
/**
 * The server ends a holder's session idle this long (a frozen process), and with it the lock; the
 * holder itself stops acting a second before, on its own monotonic clock.
 */
const IDLE_SESSION_MS = 5_000;
const MARGIN_MS = 1_500;

/**
 * A role held by one process at a time (the projector), through a session advisory lock on a
 * connection of its own, rather than a lease: a holder that dies loses the lock the moment its
 * connection closes, and one that freezes (a pause, a stopped process) once the server ends its
 * idle session, five seconds on; a standby asking every half second takes the role over then.
 * The holder beats every half second; it acts only while its last beat is recent, so a frozen
 * holder that resumes stops before anything else (and the fencing of what it writes refuses what
 * it had in flight).
 */
export const sessionLockHold = async (
  db: PostgresDatabase,
  role: string,
): Promise<PartitionHold> => {
  const key = `${db.schema}.role.${role}`;
  const listeners: Array<() => void> = [];
  let client: pg.Client | undefined;
  let held = false;
  let beatAt = 0;
  let left = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  // A holder that lost its connection may be the one in trouble: it lets a standby take the role
  // before it asks again.
  let askAgainAt = 0;

  const changed = () => {
    for (const listener of listeners) listener();
  };
  const lose = () => {
    const had = held;
    held = false;
    const lost = client;
    client = undefined;
    void lost?.end().catch(() => undefined);
    if (!had) return;
    askAgainAt = performance.now() + 3 * BEAT_MS;
    changed();
  };
  const connect = async (): Promise<pg.Client> => {
    const candidate = db.newClient();
    candidate.on('error', () => undefined);
    candidate.on('end', () => {
      if (client === candidate) lose();
    });
    await candidate.connect();
    // PostgreSQL 14 and later: older servers keep a frozen holder's lock until its connection
    // drops (TCP keepalive), and its own clock still stops it acting.
    await candidate.query(`SET idle_session_timeout = ${IDLE_SESSION_MS}`).catch(() => undefined);
    return candidate;
  };
  const beat = async () => {
    if (left) return;
    try {
      client ??= await connect();
      if (held) {
        await client.query('SELECT 1');
      } else if (performance.now() >= askAgainAt) {
        const taken = await client.query<{ locked: boolean }>(
          'SELECT pg_try_advisory_lock(hashtext($1)) AS locked',
          [key],
        );
        if (taken.rows[0]?.locked) {
          held = true;
          beatAt = performance.now();
          failures = 0;
          changed();
        }
      }
      beatAt = performance.now();
      failures = 0;
    } catch {
      failures++;
      lose();
    }
  };
  const next = () => {
    if (left) return;
    timer = setTimeout(
      () => void beat().then(next),
      failures === 0 ? BEAT_MS : troubleBackoffMs(failures),
    );
    timer.unref();
  };
  await beat();
  next();

  return {
    holds: () => held && performance.now() - beatAt < IDLE_SESSION_MS - MARGIN_MS,
    partitionOf: () => 0,
    onChange: (listener) => listeners.push(listener),
    leave: async () => {
      left = true;
      if (timer) clearTimeout(timer);
      const holding = client;
      client = undefined;
      held = false;
      if (holding) {
        await holding.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
        await holding.end().catch(() => undefined);
      }
    },
  };
};
