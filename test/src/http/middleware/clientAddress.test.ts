import { expect } from 'chai';
import { clientAddress } from '../../../../src/http/middleware/clientAddress.js';

const of = (remoteAddress: string | undefined) => clientAddress({ remoteAddress });

describe('client address, as connection and authentication limits count it', () => {
  it('counts an IPv4 address as itself, also when it comes mapped into IPv6', () => {
    expect(of('203.0.113.7')).to.equal('203.0.113.7');
    expect(of('::ffff:203.0.113.7')).to.equal('203.0.113.7');
    expect(of('::FFFF:127.0.0.1')).to.equal('127.0.0.1');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const block = '2001:db8:0:1::/64';
    for (const address of [
      '2001:db8:0:1::1',
      '2001:0db8:0000:0001:ffff:ffff:ffff:ffff',
      '2001:db8:0:1:a:b:c:d',
      '2001:db8::1:0:0:0:1',
      '2001:db8:0:1::9%eth0',
    ]) {
      expect(of(address), address).to.equal(block);
    }
    expect(of('2001:db8:0:2::1')).to.equal('2001:db8:0:2::/64');
    expect(of('::1')).to.equal('0:0:0:0::/64');
    expect(of('::')).to.equal('0:0:0:0::/64');
    expect(of('64:ff9b::192.0.2.1')).to.equal('64:ff9b:0:0::/64');
  });

  it('knows no address for a socket already gone', () => {
    expect(of(undefined)).to.equal(undefined);
  });
});
