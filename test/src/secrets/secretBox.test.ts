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

  it('opens each sealed secret once while in use: the current and the previous of a rotation', () => {
    const inner = secretBox(key);
    const opened: string[] = [];
    const box = rememberingOpened({
      seal: inner.seal,
      sign: inner.sign,
      open: (sealed, owner) => {
        opened.push(sealed);
        return inner.open(sealed, owner);
      },
    });
    const first = box.seal('whsec_first', 'we_1');
    const second = box.seal('whsec_second', 'we_1');
    const third = box.seal('whsec_third', 'we_1');
    for (let i = 0; i < 3; i++) {
      expect(box.open(first, 'we_1')).to.equal('whsec_first');
      expect(box.open(second, 'we_1')).to.equal('whsec_second');
    }
    expect(opened).to.deep.equal([first, second]);
    // Another rotation: the oldest is no longer kept, the two in use are.
    expect(box.open(third, 'we_1')).to.equal('whsec_third');
    expect(box.open(second, 'we_1')).to.equal('whsec_second');
    expect(box.open(first, 'we_1')).to.equal('whsec_first');
    expect(opened).to.deep.equal([first, second, third, first]);
  });
});
