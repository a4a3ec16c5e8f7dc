import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { rememberingOpened, secretBox } from '../../../src/secrets/secretBox.js';

describe('secret box', () => {
  const key = randomBytes(32);

  it('seals to an owner: the sealed value opens for it only, and never shows the secret', () => {
    const box = secretBox(key);
    const sealed = box.seal('whsec_secret', 'we_1');
    expect(sealed).to.not.include('whsec_secret');
    expect(box.open(sealed, 'we_1')).to.equal('whsec_secret');
    expect(() => box.open(sealed, 'we_2')).to.throw();
    expect(() => secretBox(randomBytes(32)).open(sealed, 'we_1')).to.throw(
      /another encryption key/,
    );
    expect(box.seal('whsec_secret', 'we_1')).to.not.equal(sealed);
  });

  it('remembers what it opened, and still refuses a sealed value for another owner', () => {
    const box = rememberingOpened(secretBox(key));
    const sealed = box.seal('whsec_secret', 'we_1');
    expect(box.open(sealed, 'we_1')).to.equal('whsec_secret');
    expect(box.open(sealed, 'we_1')).to.equal('whsec_secret');
    expect(() => box.open(sealed, 'we_2')).to.throw();
  });
});
