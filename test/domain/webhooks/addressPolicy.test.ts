import { expect } from 'chai';
import { isPublicAddress } from '../../../domain/webhooks/addressPolicy.js';

describe('address policy', () => {
  it('allows public unicast addresses', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) {
      expect(isPublicAddress(address), address).to.equal(true);
    }
  });

  it('refuses loopback, private, link-local, metadata, CGNAT, unique-local, mapped and special addresses', () => {
    const refused = [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::127.0.0.1',
      '::7f00:1',
      '::a00:1',
      '::5db8:d822',
      '64:ff9b::a00:1',
      '2002:a00:1::',
      'not-an-address',
    ];
    for (const address of refused) expect(isPublicAddress(address), address).to.equal(false);
  });
});
