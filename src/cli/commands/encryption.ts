import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { PayloadKeyStore } from '../../../adapters/payloadkeys/port.js';
import type { Rotation } from '../../payloads/keyRotation.js';
import { rotateEncryptionKey } from '../../payloads/keyRotation.js';
import { loadEncryptionKey } from '../../secrets/encryptionKey.js';
import { withDataFolder } from '../dataFolder.js';
import { CliError, note, print } from '../output.js';
import { dataDirOf } from './options.js';
import { postgresDeployment, rotateOnPostgres } from '../postgresRotation.js';

type RotateOptions = { newKey?: Buffer; json?: boolean };

const KEY_FILE = 'encryption.key';
/**
 * Where the new key waits while the store is rotated. A fixed name, so that an operator finds it
 * after a crash between the store's commit and the rename: it then holds the key the store is under.
 */
const NEXT_KEY_FILE = `${KEY_FILE}.next`;

/** Strict base64 of exactly 32 bytes: Node's decoder skips stray characters, which hides typos. */
const base64Key = (value: string): Buffer => {
  const raw = value.trim();
  const key = Buffer.from(raw, 'base64');
  const canonical = key.toString('base64');
  if (key.length !== 32 || canonical.replace(/=+$/, '') !== raw.replace(/=+$/, ''))
    throw new InvalidArgumentError('expected the base64 of 32 bytes (openssl rand -base64 32).');
  return key;
};

/** Writes `text` to a new file of mode 0600 and flushes it to the disk. */
const writeDurably = (path: string, text: string): void => {
  // A leftover is from a rotation that never committed: had it committed, the store's retired keys
  // would be wrapped under that leftover, and the key file would not have opened this session.
  rmSync(path, { force: true });
  const fd = openSync(path, 'wx', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
};

/** The rename itself made durable: the folder's entry is what points at the new file. */
const syncFolder = (dir: string): void => {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
};

/**
 * Rotates the store, and the folder's key file with it. The new key is on the disk before the store
 * is rotated under it, and replaces the key file only once the rotation has committed: the key the
 * store is under is on the disk at every moment.
 */
const rotateKeyFile = async (
  dataDir: string,
  current: Buffer,
  store: PayloadKeyStore,
  next: Buffer,
): Promise<Rotation> => {
  const keyFile = join(dataDir, KEY_FILE);
  const nextFile = join(dataDir, NEXT_KEY_FILE);
  writeDurably(nextFile, `${next.toString('base64')}\n`);
  let rotation: Rotation;
  try {
    rotation = await rotateEncryptionKey(current, store, next);
  } catch (error) {
    rmSync(nextFile, { force: true });
    throw error;
  }
  try {
    renameSync(nextFile, keyFile);
  } catch (error) {
    throw new CliError(
      `the data keys are now wrapped under the key in ${nextFile}, but it could not replace ` +
        `${keyFile} (${error instanceof Error ? error.message : String(error)}); ` +
        'move it there before the server starts',
    );
  }
  syncFolder(dataDir);
  return rotation;
};

const report = (
  rotation: Rotation,
  { json, keyFile, shown }: { json: boolean; keyFile: string | null; shown: string | null },
): void => {
  if (json) {
    print(
      JSON.stringify({
        previous_key_id: rotation.previousId,
        key_id: rotation.nextId,
        data_keys_rewrapped: rotation.rewrapped,
        key_file: keyFile,
        ...(shown !== null && { key: shown }),
      }),
    );
  } else {
    print(
      [
        `previous key  ${rotation.previousId}`,
        `new key       ${rotation.nextId}`,
        `rewrapped     ${rotation.rewrapped} data ${rotation.rewrapped === 1 ? 'key' : 'keys'}`,
        ...(keyFile !== null ? [`key file      ${keyFile}`] : []),
        ...(shown !== null ? [`key           ${shown}`] : []),
      ].join('\n'),
    );
  }
  if (keyFile !== null)
    note(`Back up ${keyFile} with the data: the data keys no longer open under the old key.`);
  else
    note(
      `Set SLUICE_ENCRYPTION_KEY to the new key (${rotation.nextId}) before the server next starts: ` +
        'the data keys no longer open under the old one.' +
        (shown !== null ? ' The key is shown this once.' : ''),
    );
};

export const encryptionCommands = (program: Command): void => {
  const encryption = program
    .command('encryption')
    .description("the service's encryption key, which wraps the merchants' data keys");

  encryption
    .command('rotate-key')
    .description(
      "replace the service's encryption key: every merchant's data key is wrapped again under the " +
        'new one, which also opens what the old one sealed (endpoint signing secrets); the log and ' +
        'the read models are not rewritten. With SLUICE_ENCRYPTION_KEY unset, the new key replaces ' +
        "the data folder's encryption.key; with it set, the new key is printed (unless given) and " +
        'SLUICE_ENCRYPTION_KEY must be set to it before the server starts again. In the distributed ' +
        'mode on PostgreSQL (SLUICE_MODE=distributed, POSTGRES_URL), the schema’s data keys are ' +
        'rotated: stop every process of the deployment first',
    )
    .option(
      '--new-key <base64>',
      'the new key, base64 of 32 bytes (default: a random one); it must differ from the current key',
      base64Key,
    )
    .option('--json', 'the outcome as JSON, for machines')
    .addHelpText(
      'after',
      '\nExamples:\n  $ sluice encryption rotate-key --data-dir /var/lib/sluice\n' +
        '  $ SLUICE_ENCRYPTION_KEY="$OLD" sluice encryption rotate-key --new-key "$(openssl rand -base64 32)"',
    )
    .action(async (options: RotateOptions, command: Command) => {
      const deployment = postgresDeployment();
      if (deployment) {
        const rotation = await rotateOnPostgres(deployment, options.newKey);
        return report(rotation, {
          json: options.json === true,
          keyFile: null,
          shown: options.newKey ? null : rotation.next.toString('base64'),
        });
      }
      await withDataFolder(dataDirOf(command), 'encryption rotate-key', async (session) => {
        const { config, stores } = session;
        const fromEnv = config.encryptionKey !== undefined;
        const current = loadEncryptionKey(config.encryptionKey, config.dataDir);
        if (options.newKey?.equals(current))
          throw new CliError('the new encryption key is the current one; give another, or none');
        const next = options.newKey;
        const rotation = fromEnv
          ? await rotateEncryptionKey(current, stores.payloadKeys, next)
          : await rotateKeyFile(
              config.dataDir,
              current,
              stores.payloadKeys,
              next ?? randomBytes(32),
            );
        report(rotation, {
          json: options.json === true,
          keyFile: fromEnv ? null : join(config.dataDir, KEY_FILE),
          // A key the operator chose is theirs already: it is not written back to the terminal.
          shown: fromEnv && !next ? rotation.next.toString('base64') : null,
        });
      });
    });
};
