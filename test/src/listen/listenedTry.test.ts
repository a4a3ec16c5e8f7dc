import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { tryOfToken, tryToken } from '../../../src/listen/listenedTry.js';
import { rememberingOpened, secretBox } from '../../../src/secrets/secretBox.js';

const listened = {
  due: {
    id: 'dlv_1',
    event_id: 'evt_1',
    endpoint_id: 'we_1',
    due_at_ms: 1_700_000_000_000,
    round: 2,
  },
  session: 'lsn_1',
};

describe('the token of a listened try', () => {
  const key = randomBytes(32);

  it('is taken back by any process that shares the encryption key', () => {
    const token = tryToken(rememberingOpened(secretBox(key)), listened);
    // Another API process: a box of its own over the same key.
    expect(tryOfToken(secretBox(Buffer.from(key)), token)).to.deep.equal(listened);
  });

  it('is refused under another encryption key, altered, or made up', () => {
    const box = secretBox(key);
    const token = tryToken(box, listened);
    expect(tryOfToken(secretBox(randomBytes(32)), token)).to.equal(undefined);
    const [payload, signature] = token.split('.') as [string, string];
    const other = Buffer.from(
      JSON.stringify({ ...listened, due: { ...listened.due, id: 'dlv_2' } }),
    ).toString('base64url');
    for (const altered of [
      `${other}.${signature}`,
      `${payload}.${signature.slice(0, -2)}`,
      `${payload}.`,
      payload,
      `${payload}.${signature}.${signature}`,
      Buffer.from(JSON.stringify(listened)).toString('base64url'),
      '',
    ])
      expect(tryOfToken(box, altered), altered).to.equal(undefined);
  });

  it('is signed for listened tries alone: a signature of another purpose does not pass', () => {
    const box = secretBox(key);
    const payload = tryToken(box, listened).split('.')[0]!;
    const elsewhere = box.sign(payload, 'another purpose').toString('base64url');
    expect(tryOfToken(box, `${payload}.${elsewhere}`)).to.equal(undefined);
  });
});
