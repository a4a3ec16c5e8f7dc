import type { Services } from '../services.js';
import { keyPeriodMs } from './dataKeys.js';

/**
 * Destroys, on a schedule, the data keys of the periods older than SLUICE_PAYLOAD_RETENTION_DAYS:
 * the payloads they sealed then read as expired, in the log, the read models and their copies.
 * It looks once a period (at most once a minute, at least once a second), so a payload is served
 * for the retention and at most a period and a look more. Any process may sweep: destroying a
 * destroyed key changes nothing.
 */
export const startRetentionSweeper = (
  services: Pick<Services, 'config' | 'dataKeys' | 'logger' | 'now' | 'webhookBodies'>,
): { stop: () => Promise<void> } => {
  const retentionMs = services.config.payloadRetentionMs;
  if (retentionMs === undefined) return { stop: () => Promise.resolve() };
  const everyMs = Math.min(60_000, keyPeriodMs(retentionMs));
  let sweeping: Promise<void> = Promise.resolve();
  const sweep = async () => {
    try {
      const destroyed = await services.dataKeys.expire(services.now(), retentionMs);
      if (destroyed === 0) return;
      services.webhookBodies.forget();
      services.logger.info({ destroyed }, 'data keys past the retention period destroyed');
    } catch (err) {
      services.logger.warn({ err }, 'the retention sweep failed; it runs again at the next look');
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
