import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PayloadKeyStore } from '../../../adapters/payloadkeys/port.js';
import {
  KEYS_FILE,
  sqlitePayloadKeys,
} from '../../../adapters/payloadkeys/sqlite/sqlitePayloadKeys.js';
import { tempDir } from '../../support/tempDir.js';

/** The files of the folder (the keys' file, its write-ahead log) holding `text`. */
const filesHolding = (folder: string, text: string): string[] =>
  readdirSync(folder).filter((name) => readFileSync(join(folder, name)).includes(text));

/** A key's wrapped text as the service makes it: random, so any copy found is this one. */
const wrappedText = () =>
  ['v1', '0a1b2c3d', ...[12, 16, 44].map((size) => randomBytes(size).toString('base64url'))].join(
    ':',
  );

const keep = (store: PayloadKeyStore, merchantId: string, period: string) => {
  const wrapped = wrappedText();
  const id = `dk_${randomBytes(12).toString('hex')}`;
  return store.current(merchantId, period, { id, wrapped, created_at: period });
};

describe('SQLite payload keys: a destroyed key leaves no copy in the folder', () => {
  let dir: ReturnType<typeof tempDir>;
  let store: PayloadKeyStore;

  beforeEach(() => {
    dir = tempDir();
    store = sqlitePayloadKeys(join(dir.path, KEYS_FILE));
  });
  afterEach(async () => {
    await store.close();
    dir.remove();
  });

  it("overwrites an erased merchant's wrapped keys in the file, and keeps the others'", async () => {
    // Several keys in a page: without secure_delete, some of their bytes stay in its free space.
    const erased = [];
    for (let day = 10; day < 20; day++)
      erased.push(await keep(store, 'm_erased', `2026-01-${day}T00:00:00.000Z`));
    const kept = await keep(store, 'm_kept', '2026-01-01T00:00:00.000Z');
    for (const key of [...erased, kept])
      expect(filesHolding(dir.path, key.wrapped!), 'written before').to.not.deep.equal([]);

    expect(await store.destroyMerchant('m_erased', '2026-02-01T00:00:00.000Z')).to.equal(10);

    for (const key of erased) expect(filesHolding(dir.path, key.wrapped!)).to.deep.equal([]);
    expect(filesHolding(dir.path, kept.wrapped!), 'the scan still finds').to.deep.equal([
      KEYS_FILE,
    ]);
  });

  it('overwrites expired keys in the file', async () => {
    const old = [];
    for (let merchant = 0; merchant < 10; merchant++)
      old.push(await keep(store, `m_${merchant}`, '2026-01-01T00:00:00.000Z'));
    const recent = await keep(store, 'm_1', '2026-01-03T00:00:00.000Z');
    for (const key of old) expect(filesHolding(dir.path, key.wrapped!)).to.not.deep.equal([]);

    const expiredAt = '2026-02-01T00:00:00.000Z';
    expect(await store.destroyBefore('2026-01-02T00:00:00.000Z', expiredAt)).to.equal(10);

    for (const key of old) expect(filesHolding(dir.path, key.wrapped!)).to.deep.equal([]);
    expect(filesHolding(dir.path, recent.wrapped!)).to.deep.equal([KEYS_FILE]);
  });

  it('keeps no copy of a key as the old encryption key wrapped it, once wrapped again', async () => {
    const keys = [
      await keep(store, 'm_1', '2026-01-01T00:00:00.000Z'),
      await keep(store, 'm_2', '2026-01-01T00:00:00.000Z'),
    ];
    const rewrapped = new Map<string, string>();
    await store.rotate((key) => {
      const next = wrappedText();
      rewrapped.set(key.id, next);
      return next;
    }, []);

    for (const key of keys) {
      expect(filesHolding(dir.path, key.wrapped!)).to.deep.equal([]);
      expect(filesHolding(dir.path, rewrapped.get(key.id)!)).to.deep.equal([KEYS_FILE]);
    }
  });
});
