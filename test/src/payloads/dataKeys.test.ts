import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import type { DataKeys } from '../../../src/payloads/dataKeys.js';
import { dataKeys, keyPeriodMs, periodOf } from '../../../src/payloads/dataKeys.js';
import { secretBox } from '../../../src/secrets/secretBox.js';
import type { KeysFolder } from './payloadFixtures.js';
import { keysFolder, rejection } from './payloadFixtures.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const at = (iso: string) => new Date(iso);
/** A key of m_1 as the erasure of the tests below leaves it: destroyed, and since when. */
const ERASED = { status: 'erased', destroyed_at: '2026-01-10T12:00:00.000Z' };

const liveKey = async (keys: DataKeys, keyId: string) => {
  const found = await keys.lookup(keyId);
  if (found.status !== 'live') throw new Error(`${keyId} is ${found.status}`);
  return found.key;
};

describe('Data keys: the period a key seals', () => {
  it('is a day, or a 24th of a shorter retention, never under a second', () => {
    expect(keyPeriodMs(undefined)).to.equal(DAY_MS);
    expect(keyPeriodMs(30 * DAY_MS)).to.equal(DAY_MS);
    expect(keyPeriodMs(24 * DAY_MS)).to.equal(DAY_MS);
    expect(keyPeriodMs(2 * DAY_MS)).to.equal(2 * HOUR_MS);
    expect(keyPeriodMs(DAY_MS)).to.equal(HOUR_MS);
    expect(keyPeriodMs(HOUR_MS)).to.equal(150_000);
    expect(keyPeriodMs(10_000)).to.equal(1_000);
    expect(keyPeriodMs(0)).to.equal(1_000);
  });

  it('starts on a multiple of its length, in UTC', () => {
    expect(periodOf(at('2026-03-04T23:59:59.999Z'), DAY_MS)).to.equal('2026-03-04T00:00:00.000Z');
    expect(periodOf(at('2026-03-04T10:37:00.000Z'), HOUR_MS)).to.equal('2026-03-04T10:00:00.000Z');
  });
});

describe('Data keys over a SQLite key store', () => {
  let folder: KeysFolder;
  let clock: number;
  const keysOf = (folderOf: KeysFolder, retentionMs?: number) =>
    dataKeys(folderOf.store, folderOf.master, {
      ...(retentionMs !== undefined && { retentionMs }),
      now: () => clock,
    });

  beforeEach(() => {
    folder = keysFolder();
    clock = Date.parse('2026-01-10T12:00:00.000Z');
  });
  afterEach(() => folder.close());

  it("seals a merchant's payloads of a period under one key, another merchant's under another", async () => {
    const keys = keysOf(folder);
    const morning = await keys.sealingKey('m_1', at('2026-01-10T08:00:00.000Z'));
    const evening = await keys.sealingKey('m_1', at('2026-01-10T20:00:00.000Z'));
    const other = await keys.sealingKey('m_2', at('2026-01-10T08:00:00.000Z'));
    const nextDay = await keys.sealingKey('m_1', at('2026-01-11T08:00:00.000Z'));

    expect(evening).to.deep.equal(morning);
    expect(morning.key).to.have.length(32);
    expect(other.id).to.not.equal(morning.id);
    expect(other.key.equals(morning.key)).to.equal(false);
    expect(nextDay.id).to.not.equal(morning.id);

    const anotherProcess = keysOf(folder);
    expect(await anotherProcess.sealingKey('m_1', at('2026-01-10T09:00:00.000Z'))).to.deep.equal(
      morning,
    );
    expect((await liveKey(anotherProcess, morning.id)).equals(morning.key)).to.equal(true);
  });

  it('keeps keys wrapped: the store holds no key in clear, and another encryption key opens none', async () => {
    const key = await keysOf(folder).sealingKey('m_1', at('2026-01-10T08:00:00.000Z'));
    const stored = await folder.store.find(key.id);
    expect(stored?.wrapped).to.be.a('string');
    expect(stored?.wrapped).to.not.include(key.key.toString('base64'));
    expect(folder.master.open(stored!.wrapped!, key.id)).to.equal(key.key.toString('base64'));

    const stranger = dataKeys(folder.store, secretBox(randomBytes(32)));
    await rejection(stranger.lookup(key.id));
    await rejection(keysOf(folder).lookup('dk_not_kept_here'));
  });

  it("erases a merchant's keys: lookups say so, and the next payload gets a new key", async () => {
    const keys = keysOf(folder);
    const day = at('2026-01-10T08:00:00.000Z');
    const before = await keys.sealingKey('m_1', day);
    const earlier = await keys.sealingKey('m_1', at('2026-01-09T08:00:00.000Z'));
    const theirs = await keys.sealingKey('m_2', day);
    await keys.lookup(before.id);

    expect(await keys.erase('m_1', at('2026-01-10T12:00:00.000Z'))).to.equal(2);

    expect(await keys.lookup(before.id)).to.deep.equal(ERASED);
    expect(await keys.lookup(earlier.id)).to.deep.equal(ERASED);
    expect((await liveKey(keys, theirs.id)).equals(theirs.key)).to.equal(true);
    const after = await keys.sealingKey('m_1', day);
    expect(after.id).to.not.equal(before.id);
    expect(after.key.equals(before.key)).to.equal(false);
    expect(await keys.lookup(before.id)).to.deep.equal(ERASED);
  });

  it('sees an erasure made by another process within a second', async () => {
    const sealing = keysOf(folder);
    const day = at('2026-01-10T08:00:00.000Z');
    const before = await sealing.sealingKey('m_1', day);
    await keysOf(folder).erase('m_1', at('2026-01-10T12:00:00.000Z'));

    clock += 1_001;
    const after = await sealing.sealingKey('m_1', day);
    expect(after.id).to.not.equal(before.id);
    expect(await sealing.lookup(before.id)).to.deep.equal(ERASED);
  });

  it('expires the keys of the periods that ended the retention or longer ago, keeping the rest', async () => {
    // A day's retention: keys of an hour each.
    const keys = keysOf(folder, DAY_MS);
    const ended = await keys.sealingKey('m_1', at('2026-01-01T00:30:00.000Z'));
    const endsAtTheLimit = await keys.sealingKey('m_2', at('2026-01-01T01:30:00.000Z'));
    const current = await keys.sealingKey('m_1', at('2026-01-02T01:30:00.000Z'));

    expect(await keys.expire(at('2026-01-02T01:59:59.999Z'), DAY_MS)).to.equal(1);
    expect(await keys.lookup(ended.id)).to.deep.equal({
      status: 'expired',
      destroyed_at: '2026-01-02T01:59:59.999Z',
    });
    expect((await liveKey(keys, endsAtTheLimit.id)).equals(endsAtTheLimit.key)).to.equal(true);

    expect(await keys.expire(at('2026-01-02T02:00:00.000Z'), DAY_MS)).to.equal(1);
    expect(await keys.lookup(endsAtTheLimit.id)).to.deep.equal({
      status: 'expired',
      destroyed_at: '2026-01-02T02:00:00.000Z',
    });
    expect((await liveKey(keys, current.id)).equals(current.key)).to.equal(true);
    expect(await keys.sealingKey('m_1', at('2026-01-02T01:45:00.000Z'))).to.deep.equal(current);
    expect(await folder.store.find(ended.id)).to.include({
      wrapped: null,
      destroyed_because: 'expired',
      destroyed_at: '2026-01-02T01:59:59.999Z',
    });
  });
});
