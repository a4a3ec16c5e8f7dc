import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { dataKeys } from '../../../src/payloads/dataKeys.js';
import { encryptionKeys, rotateEncryptionKey } from '../../../src/payloads/keyRotation.js';
import { openPayload, sealPayload } from '../../../src/payloads/payloadCipher.js';
import { encryptionKeyId, secretBox } from '../../../src/secrets/secretBox.js';
import type { KeysFolder } from './payloadFixtures.js';
import { keysFolder, rejection } from './payloadFixtures.js';

const DAY = new Date('2026-01-10T08:00:00.000Z');
const SECRET = 'whsec_endpoint_secret';

describe('Rotating the encryption key', () => {
  let folder: KeysFolder;
  let first: Buffer;

  beforeEach(() => {
    folder = keysFolder();
    first = folder.encryptionKey;
  });
  afterEach(() => folder.close());

  /** A payload and an endpoint secret sealed before any rotation. */
  const sealedBefore = async () => {
    const keys = dataKeys(folder.store, await encryptionKeys(first, folder.store));
    const key = await keys.sealingKey('m_1', DAY);
    const erased = await keys.sealingKey('m_erased', DAY);
    await keys.erase('m_erased', DAY);
    return {
      keyId: key.id,
      erasedKeyId: erased.id,
      payload: sealPayload('{"total":4200}', key, 'evt_1'),
      secret: secretBox(first).seal(SECRET, 'ep_1'),
    };
  };

  /** What the service started with `current` can read of what was sealed before. */
  const readsAfter = async (current: Buffer, before: Awaited<ReturnType<typeof sealedBefore>>) => {
    const box = await encryptionKeys(current, folder.store);
    const found = await dataKeys(folder.store, box).lookup(before.keyId);
    if (found.status !== 'live') throw new Error(`the data key is ${found.status}`);
    return {
      secret: box.open(before.secret, 'ep_1'),
      payload: openPayload(before.payload, found.key, 'evt_1'),
    };
  };

  it('keeps secrets and payloads sealed before readable under the new key alone', async () => {
    const before = await sealedBefore();
    const second = randomBytes(32);

    const rotation = await rotateEncryptionKey(first, folder.store, second);

    expect(rotation).to.deep.equal({
      next: second,
      previousId: encryptionKeyId(first),
      nextId: encryptionKeyId(second),
      rewrapped: 1,
    });
    expect(await readsAfter(second, before)).to.deep.equal({
      secret: SECRET,
      payload: '{"total":4200}',
    });
    expect(await folder.store.find(before.erasedKeyId)).to.include({ wrapped: null });
  });

  it('leaves the old key unable to unwrap the data keys', async () => {
    const before = await sealedBefore();
    await rotateEncryptionKey(first, folder.store, randomBytes(32));

    const oldAlone = dataKeys(folder.store, secretBox(first));
    await rejection(oldAlone.lookup(before.keyId));
    const stored = await folder.store.find(before.keyId);
    expect(() => secretBox(first).open(stored!.wrapped!, before.keyId)).to.throw();
    await rejection(encryptionKeys(first, folder.store));
  });

  it('still reads what the first key sealed after a second rotation', async () => {
    const before = await sealedBefore();
    const second = randomBytes(32);
    const third = randomBytes(32);
    await rotateEncryptionKey(first, folder.store, second);
    const secretOfSecond = secretBox(second).seal('whsec_second', 'ep_2');

    await rotateEncryptionKey(second, folder.store, third);

    expect(await readsAfter(third, before)).to.deep.equal({
      secret: SECRET,
      payload: '{"total":4200}',
    });
    const box = await encryptionKeys(third, folder.store);
    expect(box.open(secretOfSecond, 'ep_2')).to.equal('whsec_second');
    expect(await folder.store.retiredKeys()).to.have.length(2);
  });

  it('changes nothing when given a key other than the current one', async () => {
    const before = await sealedBefore();
    const wrapped = await folder.store.find(before.keyId);

    await rejection(rotateEncryptionKey(randomBytes(32), folder.store, randomBytes(32)));

    expect(await folder.store.find(before.keyId)).to.deep.equal(wrapped);
    expect(await folder.store.retiredKeys()).to.deep.equal([]);
    expect(await readsAfter(first, before)).to.deep.equal({
      secret: SECRET,
      payload: '{"total":4200}',
    });
  });

  it('refuses to rotate to the current key, and picks a new random key when none is given', async () => {
    const before = await sealedBefore();
    await rejection(rotateEncryptionKey(first, folder.store, Buffer.from(first)));
    expect(await readsAfter(first, before)).to.include({ secret: SECRET });

    const rotation = await rotateEncryptionKey(first, folder.store);
    expect(rotation.next).to.have.length(32);
    expect(rotation.next.equals(first)).to.equal(false);
    expect(await readsAfter(rotation.next, before)).to.include({ payload: '{"total":4200}' });
  });
});
