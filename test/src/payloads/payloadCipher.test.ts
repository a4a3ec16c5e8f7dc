import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import {
  isSealed,
  keyIdOf,
  openPayload,
  sealPayload,
} from '../../../src/payloads/payloadCipher.js';
import { MARKER } from './payloadFixtures.js';

describe('Payload cipher', () => {
  const key = { id: 'dk_0123456789abcdef', key: randomBytes(32) };
  const text = JSON.stringify({ note: MARKER, amount: 4200, name: 'Zoë' });

  it('opens what it sealed under the same key and context, and names the key', () => {
    const sealed = sealPayload(text, key, 'evt_1');
    expect(isSealed(sealed)).to.equal(true);
    expect(sealed.startsWith('p1.dk_0123456789abcdef.')).to.equal(true);
    expect(keyIdOf(sealed)).to.equal(key.id);
    expect(sealed).to.not.include(MARKER);
    expect(openPayload(sealed, key.key, 'evt_1')).to.equal(text);
  });

  it('seals the same text differently each time', () => {
    expect(sealPayload(text, key, 'evt_1')).to.not.equal(sealPayload(text, key, 'evt_1'));
  });

  it('refuses to open under another context: a payload copied onto another record', () => {
    const sealed = sealPayload(text, key, 'evt_1');
    expect(() => openPayload(sealed, key.key, 'evt_2')).to.throw();
  });

  it('refuses another key, and a payload changed in the log', () => {
    const sealed = sealPayload(text, key, 'evt_1');
    expect(() => openPayload(sealed, randomBytes(32), 'evt_1')).to.throw();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[4]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[4] = body.toString('base64url');
    expect(() => openPayload(parts.join('.'), key.key, 'evt_1')).to.throw();
  });

  it('tells sealed payloads from other values', () => {
    expect(isSealed({ note: 'x' })).to.equal(false);
    expect(isSealed('v1:abc:def')).to.equal(false);
    expect(isSealed(null)).to.equal(false);
    expect(() => openPayload('p1.dk_1', key.key, 'evt_1')).to.throw('Not a sealed payload.');
  });
});
