import type { Resolver } from 'node:dns/promises';
import { DnsLookupError } from './lookupError.js';
import type { ResolvedAddress } from './resolvedAddress.js';

/** Once one family has answered, how long the other may still take (RFC 8305's resolution delay). */
const RESOLUTION_DELAY_MS = 50;

/** What DNS says of a name: its addresses and for how long they hold, or that it has none. */
export type AddressAnswer =
  { kind: 'found'; addresses: ResolvedAddress[]; ttlS: number } | { kind: 'absent' };

/** c-ares's codes for a name that does not exist, or has no record of the type asked for. */
const ABSENT = new Set(['ENOTFOUND', 'ENODATA']);

/**
 * Asks for a name's A and AAAA records at once, and answers within `timeoutMs` whatever the
 * servers do: with the addresses found (IPv4 first), with `absent`, or with a DnsLookupError for
 * a server that failed or did not answer in time.
 */
export const queryAddresses = (
  channel: Resolver,
  host: string,
  timeoutMs: number,
): Promise<AddressAnswer> =>
  new Promise((resolve, reject) => {
    const v4: ResolvedAddress[] = [];
    const v6: ResolvedAddress[] = [];
    let ttlS = Number.POSITIVE_INFINITY;
    let pending = 2;
    let failure: string | undefined;
    let settled = false;

    const settle = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const addresses = [...v4, ...v6];
      if (addresses.length > 0) resolve({ kind: 'found', addresses, ttlS });
      else if (pending === 0 && failure === undefined) resolve({ kind: 'absent' });
      else reject(new DnsLookupError(host, failure ?? `no answer within ${timeoutMs} ms`));
    };
    const oneDone = () => {
      pending -= 1;
      if (pending === 0) return settle();
      // One family is in: the other gets a moment more, not the whole timeout.
      if (v4.length + v6.length > 0 && !settled) {
        clearTimeout(timer);
        timer = setTimeout(settle, RESOLUTION_DELAY_MS);
      }
    };
    const answered =
      (into: ResolvedAddress[], family: 4 | 6) => (records: { address: string; ttl: number }[]) => {
        for (const { address, ttl } of records) {
          into.push({ address, family });
          ttlS = Math.min(ttlS, ttl);
        }
        oneDone();
      };
    const failed = (error: unknown) => {
      const code = String((error as { code?: unknown }).code);
      if (!ABSENT.has(code))
        failure ??=
          code === 'ETIMEOUT' ? `no answer within ${timeoutMs} ms` : `the DNS server said ${code}`;
      oneDone();
    };

    let timer = setTimeout(settle, timeoutMs);
    channel.resolve4(host, { ttl: true }).then(answered(v4, 4), failed);
    channel.resolve6(host, { ttl: true }).then(answered(v6, 6), failed);
  });
