import type { FieldFault } from '../../domain/shared/errors.js';

/** A refusal the tool explains in one line; exit code 1 (2 is commander's, for usage). */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}

/** The options that carry each field a command fills, so that a refusal names what to change. */
const OPTION_OF: Record<string, string> = {
  merchant_id: '--merchant',
  name: '--name',
  role: '--role',
  since: '--since',
  until: '--until',
};

/** A domain refusal as one line, naming the options at fault. */
export const refusal = (error: { detail: string; errors?: FieldFault[] | undefined }): CliError => {
  const faults = (error.errors ?? []).map(
    (fault) => `${OPTION_OF[fault.path] ?? fault.path}: ${fault.message}`,
  );
  return new CliError(faults.length > 0 ? `${error.detail} (${faults.join('; ')})` : error.detail);
};

/** The reader of stdout has gone (`| head` took what it wanted): nothing more is written. */
let readerGone = false;

/** Installed once: a closed pipe on stdout ends the output quietly rather than with a stack. */
export const watchStdout = (): void => {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    readerGone = true;
  });
};

export const print = (text: string): void => {
  if (!readerGone) process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
};

export const note = (text: string): void => {
  process.stderr.write(text.endsWith('\n') ? text : `${text}\n`);
};

/**
 * Writes one line to stdout at the pace the reader takes them, so that memory stays flat however
 * long the output. Answers false once the reader has gone: the caller stops.
 */
export const writeLine = async (line: string): Promise<boolean> => {
  if (readerGone) return false;
  if (!process.stdout.write(`${line}\n`)) {
    await new Promise<void>((resolve) => {
      const done = () => {
        process.stdout.off('drain', done);
        process.stdout.off('error', done);
        resolve();
      };
      process.stdout.once('drain', done);
      process.stdout.once('error', done);
    });
  }
  return !readerGone;
};
