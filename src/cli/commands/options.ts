import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { isLeft } from 'fp-ts/lib/Either.js';
import { DateTime } from '../../http/codecs/common.js';

/** The data folder: --data-dir anywhere on the line, else SLUICE_DATA_DIR, else ./data. */
export const dataDirOf = (command: Command): string =>
  command.optsWithGlobals<{ dataDir: string }>().dataDir;

/** Parsers of option values: a bad one is a usage error (exit code 2) that says what was expected. */
export const rfc3339 = (value: string): string => {
  if (isLeft(DateTime.decode(value))) throw new InvalidArgumentError(`expected ${DateTime.name}.`);
  return value;
};

export const matching =
  (pattern: RegExp, expected: string) =>
  (value: string): string => {
    if (!pattern.test(value)) throw new InvalidArgumentError(`expected ${expected}.`);
    return value;
  };
