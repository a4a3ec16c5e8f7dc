import { expect } from 'chai';
import { request } from 'node:http';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import { createKey } from '../support/builders.js';
import type { TestService } from '../support/testService.js';
import { startTestService } from '../support/testService.js';

type Answer = { status: number; headers: Record<string, unknown>; code: string | undefined };

/** One request on a fresh connection from `localAddress` (any of 127/8 reaches the service). */
const from = (
  service: TestService,
  localAddress: string,
  key: string,
  headers: Record<string, string> = {},
  path = '/v1/event-types',
): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const req = request(`${service.url}${path}`, {
      localAddress,
      agent: false,
      headers: { authorization: `Bearer ${key}`, ...headers },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          headers: res.headers,
          code: (JSON.parse(text) as { code?: string }).code,
        }),
      );
    });
    req.end();
  });

let guesses = 0;
/** A key no one was given. */
const unknownKey = () => `sk_${String(guesses++).padStart(43, 'A')}`;

/** The failures an address may make at once in these tests. */
const BURST = 5;

/**
 * Many clients behind one address (a NAT, a proxy): one of them presenting unknown keys must not
 * lock out the others. Only the failures are throttled; behind a trusted proxy, each client is
 * counted by the address the proxy forwarded it for, and no one else can choose that address.
 */
describe('failed keys throttled per address, valid keys never', function () {
  this.timeout(60_000);
  let service: TestService;
  let merchantKey: string;
  before(async () => {
    service = await startTestService({
      SLUICE_AUTH_FAILURE_BURST: String(BURST),
      SLUICE_TRUSTED_PROXIES: '127.0.0.50, 10.0.0.0/8',
      SLUICE_RATE_LIMIT_RPS: '1000000',
    });
    merchantKey = await createKey(service, 'merchant', 'mer_shared');
  });
  after(() => service?.stop());

  /** Unknown keys until the address is held back: BURST answered 401, the next 429. */
  const exhaust = async (address: string, headers: () => Record<string, string> = () => ({})) => {
    const statuses: number[] = [];
    for (let i = 0; i <= BURST; i++)
      statuses.push((await from(service, address, unknownKey(), headers())).status);
    expect(statuses).to.deep.equal([...Array<number>(BURST).fill(401), 429]);
  };

  it('answers valid keys from an address held back for unknown ones, which stay held back', async () => {
    const shared = '127.0.0.21';
    await exhaust(shared);
    for (const key of [service.admin, merchantKey]) {
      const answer = await from(service, shared, key);
      expect(answer.status, answer.code).to.equal(200);
    }
    const next = await from(service, shared, unknownKey());
    expect(next.status).to.equal(429);
    expect(next.code).to.equal('rate_limited');
    expect(Number(next.headers['retry-after'])).to.be.within(1, 60);
  });

  it('counts a trusted proxy’s clients by the address it forwarded each for', async () => {
    const proxy = '127.0.0.50';
    await exhaust(proxy, () => ({ 'x-forwarded-for': '203.0.113.1' }));
    // Another client behind the same proxy is not held back…
    const other = await from(service, proxy, unknownKey(), { 'x-forwarded-for': '203.0.113.2' });
    expect(other.status).to.equal(401);
    // …and the held-back one still gets its valid keys answered.
    const valid = await from(service, proxy, merchantKey, { 'x-forwarded-for': '203.0.113.1' });
    expect(valid.status).to.equal(200);
    // The address the proxy appended counts, not what the client wrote before it, nor a second
    // trusted hop (10.0.0.0/8) between them.
    for (const chain of ['198.51.100.7, 203.0.113.1', '203.0.113.1, 10.1.2.3']) {
      const spoofed = await from(service, proxy, unknownKey(), { 'x-forwarded-for': chain });
      expect(spoofed.status, chain).to.equal(429);
    }
    // Without the header, the proxy is the client: its own allowance is untouched.
    expect((await from(service, proxy, unknownKey())).status).to.equal(401);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const untrusted = '127.0.0.22';
    // A new address in the header every time: still one address, held back as one.
    let n = 0;
    await exhaust(untrusted, () => ({ 'x-forwarded-for': `203.0.113.${100 + n++}` }));
    // Naming someone else does not spend that one's allowance either.
    const named = await from(service, '127.0.0.50', unknownKey(), {
      'x-forwarded-for': '203.0.113.100',
    });
    expect(named.status).to.equal(401);
  });

  it('stops the start on a trusted proxy that is not an address, a CIDR block or a named range', () => {
    for (const value of [
      'proxy.example.com',
      '10.0.0.0/33',
      '10.0.0.0/0',
      '::1/129',
      'fe80::1%eth0',
      '10.0.0.1,',
      'true',
      '*',
    ]) {
      let error: unknown;
      try {
        loadConfig({ SLUICE_TRUSTED_PROXIES: value });
      } catch (caught) {
        error = caught;
      }
      expect(error, value).to.be.instanceOf(ConfigError);
      expect((error as ConfigError).variable).to.equal('SLUICE_TRUSTED_PROXIES');
    }
    expect(
      loadConfig({ SLUICE_TRUSTED_PROXIES: '10.0.0.7, 172.16.0.0/12, ::1, fd00::/8, loopback' })
        .trustedProxies,
    ).to.deep.equal(['10.0.0.7', '172.16.0.0/12', '::1', 'fd00::/8', 'loopback']);
  });
});
