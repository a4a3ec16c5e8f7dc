import { expect } from 'chai';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HostResolver } from '../../../adapters/dns/hostResolver.js';
import { hostResolver } from '../../../adapters/dns/hostResolver.js';
import { DNS_LOOKUP_FAILED } from '../../../adapters/dns/lookupError.js';
import type { DnsServer } from '../../support/dnsServer.js';
import { startDnsServer } from '../../support/dnsServer.js';
import { tempDir } from '../../support/tempDir.js';

/** How long a promise takes to settle, and how: its value or its error. */
const timed = async <T>(work: Promise<T>) => {
  const started = performance.now();
  try {
    return { value: await work, error: undefined, ms: performance.now() - started };
  } catch (error) {
    return {
      value: undefined,
      error: error as Error & { code?: string },
      ms: performance.now() - started,
    };
  }
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the host resolver', function () {
  this.timeout(10_000);
  let dns: DnsServer;
  let resolver: HostResolver;
  const resolverOf = (settings: Partial<Parameters<typeof hostResolver>[0]> = {}) => {
    resolver = hostResolver({ servers: [dns.address], timeoutMs: 300, ...settings });
    return resolver;
  };
  beforeEach(async () => {
    dns = await startDnsServer({ silent: (name) => name.startsWith('slow-') });
  });
  afterEach(async () => {
    resolver?.close();
    await dns.close();
  });

  it('answers the A and AAAA records of the configured server, IPv4 first', async () => {
    dns.table.set('both.example', ['2001:db8::7', '93.184.216.34']);
    const found = await resolverOf().resolve('both.example');
    expect(found).to.deep.equal([
      { address: '93.184.216.34', family: 4 },
      { address: '2001:db8::7', family: 6 },
    ]);
    expect(dns.questions.map((q) => q.type).sort()).to.deep.equal(['A', 'AAAA']);
  });

  it('fails a name the server says does not exist as a DNS failure', async () => {
    const { error } = await timed(resolverOf().resolve('nowhere.example'));
    expect(error?.code).to.equal(DNS_LOOKUP_FAILED);
    expect(error?.message).to.include('nowhere.example');
  });

  it('gives up on a server that never answers at its timeout, or sooner at its caller’s', async () => {
    const own = await timed(resolverOf().resolve('slow-1.example'));
    expect(own.error?.code).to.equal(DNS_LOOKUP_FAILED);
    expect(own.error?.message).to.include('no answer within 300 ms');
    expect(own.ms).to.be.within(250, 1_500);

    const callers = await timed(resolver.resolve('slow-2.example', { timeoutMs: 60 }));
    expect(callers.error?.code).to.equal(DNS_LOOKUP_FAILED);
    expect(callers.ms).to.be.below(250);
    expect(dns.questions.map((q) => q.name)).to.include.members([
      'slow-1.example',
      'slow-2.example',
    ]);
  });

  it('keeps an answer for its TTL, and one with a TTL of 0 not at all', async () => {
    dns.ttlS = 1;
    dns.table.set('kept.example', ['93.184.216.34']);
    resolverOf();
    await resolver.resolve('kept.example');
    dns.table.set('kept.example', ['93.184.216.35']);
    expect(await resolver.resolve('kept.example')).to.deep.equal([
      { address: '93.184.216.34', family: 4 },
    ]);
    expect(resolver.known('kept.example')).to.have.length(1);
    expect(dns.questions).to.have.length(2);
    await sleep(1_100);
    expect(resolver.known('kept.example')).to.equal(undefined);
    expect(await resolver.resolve('kept.example')).to.deep.equal([
      { address: '93.184.216.35', family: 4 },
    ]);

    dns.ttlS = 0;
    dns.table.set('fleeting.example', ['93.184.216.36']);
    await resolver.resolve('fleeting.example');
    await resolver.resolve('fleeting.example');
    expect(dns.questions.filter((q) => q.name === 'fleeting.example')).to.have.length(4);
  });

  it('asks once for a name looked up by many at once', async () => {
    dns.table.set('shared.example', ['93.184.216.34']);
    resolverOf();
    await Promise.all(Array.from({ length: 10 }, () => resolver.resolve('shared.example')));
    expect(dns.questions).to.have.length(2);
  });

  it('caps one merchant’s lookups waiting at once, failing the next at once, and no one else’s', async () => {
    resolverOf({ lookupsPerMerchant: 3 });
    const waiting = [1, 2, 3].map((n) =>
      timed(resolver.resolve(`slow-${n}.example`, { merchantId: 'mer_hostile' })),
    );
    const refused = await timed(resolver.resolve('slow-4.example', { merchantId: 'mer_hostile' }));
    expect(refused.error?.code).to.equal(DNS_LOOKUP_FAILED);
    expect(refused.error?.message).to.include('3 lookups waiting');
    expect(refused.ms).to.be.below(50);
    expect(dns.questions.map((q) => q.name)).not.to.include('slow-4.example');

    dns.table.set('quiet.example', ['93.184.216.34']);
    const other = await timed(resolver.resolve('quiet.example', { merchantId: 'mer_quiet' }));
    expect(other.value).to.deep.equal([{ address: '93.184.216.34', family: 4 }]);

    // Once its questions are given up, the merchant may ask again.
    for (const lookup of await Promise.all(waiting))
      expect(lookup.error?.code).to.equal(DNS_LOOKUP_FAILED);
    const again = await timed(resolver.resolve('slow-5.example', { merchantId: 'mer_hostile' }));
    expect(again.error?.message).to.include('no answer within');
  });

  it('asks nothing for an address literal, localhost, or a name the hosts file pins', async () => {
    const dir = tempDir();
    try {
      const hostsFile = join(dir.path, 'hosts');
      writeFileSync(
        hostsFile,
        '# pinned\n10.1.2.3  pinned.example  alias.example # inline\n::1 localhost\n',
      );
      resolverOf({ hostsFile });
      expect(await resolver.resolve('93.184.216.34')).to.deep.equal([
        { address: '93.184.216.34', family: 4 },
      ]);
      expect(await resolver.resolve('[2001:db8::1]')).to.deep.equal([
        { address: '2001:db8::1', family: 6 },
      ]);
      expect(await resolver.resolve('Alias.Example.')).to.deep.equal([
        { address: '10.1.2.3', family: 4 },
      ]);
      expect(await resolver.resolve('localhost')).to.deep.equal([{ address: '::1', family: 6 }]);
      expect(await resolver.resolve('hooks.localhost')).to.deep.include({
        address: '127.0.0.1',
        family: 4,
      });
      expect(dns.questions).to.deep.equal([]);
    } finally {
      dir.remove();
    }
  });
});
