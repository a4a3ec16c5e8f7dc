import type { LookupAddress, LookupOptions } from 'node:dns';
import type { HostResolver, ResolvedAddress } from '../../dns/hostResolver.js';
import { isPublicAddress } from '../../../domain/webhooks/addressPolicy.js';

export const URL_BLOCKED = 'URL_BLOCKED';

export class UrlBlockedError extends Error {
  readonly code = URL_BLOCKED;
  constructor(host: string, address: string) {
    super(`${host} resolves to the non-public address ${address}`);
    this.name = 'UrlBlockedError';
  }
}

type Callback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

const noAddress = (hostname: string, family: number | undefined) =>
  Object.assign(new Error(`${hostname} has no IPv${family ?? ''} address`), { code: 'ENOTFOUND' });

/**
 * A DNS lookup for the sockets that carry webhooks and service calls, through the resolver (bounded
 * in time, never on libuv's shared threads): the addresses it hands to the socket are the ones it
 * checked, so a name that resolves to a private address at delivery time is refused on the address
 * actually connected to, whatever it resolved to when the endpoint was created.
 */
export const guardedLookup =
  (resolver: HostResolver, allowPrivate: boolean) =>
  (hostname: string, options: LookupOptions, callback: Callback): void => {
    const handOver = (found: ResolvedAddress[]) => {
      const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
      const addresses = wanted ? found.filter((a) => a.family === wanted) : found;
      const blocked = allowPrivate ? undefined : addresses.find((a) => !isPublicAddress(a.address));
      if (blocked) return callback(new UrlBlockedError(hostname, blocked.address), '');
      const first = addresses[0];
      if (!first) return callback(noAddress(hostname, wanted), '');
      if (options.all) return callback(null, addresses);
      callback(null, first.address, first.family);
    };
    resolver
      .resolve(hostname)
      .then(handOver, (error: NodeJS.ErrnoException) => callback(error, ''));
  };
