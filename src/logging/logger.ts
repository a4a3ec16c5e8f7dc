import { pino } from 'pino';
import type { Logger } from 'pino';

export type { Logger };

/**
 * Paths that may hold a key or a secret, wherever a careless caller puts them: pino replaces
 * their values before the line is written.
 */
const REDACTED = [
  'authorization',
  'key',
  'secret',
  'api_key',
  'headers.authorization',
  '*.authorization',
  '*.key',
  '*.secret',
  '*.api_key',
  '*.headers.authorization',
];

export const createLogger = (
  options: { level?: string; destination?: pino.DestinationStream } = {},
): Logger =>
  pino(
    {
      name: 'sluice',
      level: options.level ?? process.env.LOG_LEVEL ?? 'info',
      redact: { paths: REDACTED, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    options.destination ?? bufferedStdout(),
  );

/**
 * Standard output, written 4 KiB at a time so that a busy server makes few writes, and at least
 * once a second so that a quiet one's lines do not wait for the buffer to fill.
 */
const bufferedStdout = (): pino.DestinationStream => {
  const stdout = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  const flush = () => {
    try {
      stdout.flush();
    } catch {
      // Closed as the process ends: nothing left to write.
    }
  };
  setInterval(flush, 1000).unref();
  return stdout;
};

/** For tests and tools that want silence. */
export const silentLogger = (): Logger => pino({ level: 'silent' });
