import type { Services } from '../services.js';
import type { PastRetention } from './dataKeys.js';
import { keyPeriodMs } from './dataKeys.js';

/**
 * How long a process waits after its warning before its first destruction: a tenth of the
 * retention, at most ten minutes. Turning the retention on (or shortening it) by mistake is seen
 * in the log, and can be undone, before a payload is gone.
 */
export const retentionGraceMs = (retentionMs: number): number =>
  Math.min(10 * 60_000, Math.floor(retentionMs / 10));

const counted = (past: PastRetention) => ({
  data_keys: past.keys,
  merchants: past.merchants,
  payloads_recorded_before: past.payloads_before,
  oldest_period: past.oldest_period,
});

/**
 * Destroys, on a schedule, the data keys of the periods older than SLUICE_PAYLOAD_RETENTION_DAYS:
 * the payloads they sealed then read as expired, in the log, the read models and their copies.
 * It looks once a period (at most once a minute, at least once a second), so a payload is served
 * for the retention and at most a period, a look and the grace more. Any process may sweep:
 * destroying a destroyed key changes nothing.
 *
 * Destruction cannot be undone, so the sweeper first says what it is about to destroy (a warning,
 * with counts), and destroys only at a look the grace after: turning the retention on, or
 * shortening it, by mistake can be undone in that time. With SLUICE_PAYLOAD_RETENTION_DRY_RUN it
 * only says so.
 */
export const startRetentionSweeper = (
  services: Pick<Services, 'config' | 'dataKeys' | 'logger' | 'now' | 'webhookBodies'>,
): { stop: () => Promise<void> } => {
  const retentionMs = services.config.payloadRetentionMs;
  if (retentionMs === undefined) return { stop: () => Promise.resolve() };
  const { dataKeys, logger } = services;
  const dryRun = services.config.payloadRetentionDryRun;
  const everyMs = Math.min(60_000, keyPeriodMs(retentionMs));
  const graceMs = retentionGraceMs(retentionMs);
  // When keys past the retention were last announced, and how many; undefined: none are.
  let announced: { at: number; keys: number } | undefined;

  const warnOf = (past: PastRetention) =>
    dryRun
      ? logger.warn(
          counted(past),
          'payload retention dry run (SLUICE_PAYLOAD_RETENTION_DRY_RUN): these data keys are past the retention and would be destroyed; nothing is',
        )
      : logger.warn(
          { ...counted(past), destroyed_in_s: Math.ceil(graceMs / 1000) },
          'payload retention: these data keys are past the retention, and are destroyed with the payloads they seal once the grace is over; unset SLUICE_PAYLOAD_RETENTION_DAYS or set SLUICE_PAYLOAD_RETENTION_DRY_RUN=true to keep them',
        );

  const look = async () => {
    const now = services.now();
    const past = await dataKeys.pastRetention(now, retentionMs);
    if (past.keys === 0) {
      announced = undefined;
      return;
    }
    if (!announced || (dryRun && announced.keys !== past.keys)) {
      warnOf(past);
      announced = { at: now.getTime(), keys: past.keys };
      return;
    }
    if (dryRun || now.getTime() - announced.at < graceMs) return;
    const destroyed = await dataKeys.expire(now, retentionMs);
    announced = undefined;
    if (destroyed === 0) return;
    services.webhookBodies.forget();
    logger.info({ destroyed }, 'data keys past the retention period destroyed');
  };

  let sweeping: Promise<void> = Promise.resolve();
  const sweep = async () => {
    try {
      await look();
    } catch (err) {
      logger.warn({ err }, 'the retention sweep failed; it runs again at the next look');
    }
  };
  const timer = setInterval(() => {
    sweeping = sweeping.then(sweep);
  }, everyMs);
  timer.unref();
  sweeping = sweep();
  return {
    stop: async () => {
      clearInterval(timer);
      await sweeping;
    },
  };
};
