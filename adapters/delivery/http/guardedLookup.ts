import type { LookupAddress, LookupAllOptions, LookupOptions } from 'node:dns';
import { lookup } from 'node:dns';
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

/**
 * A DNS lookup for the sockets that carry webhooks: the addresses it hands to the socket are the
 * ones it checked, so a name that resolves to a private address at delivery time is refused on
 * the address actually connected to, whatever it resolved to when the endpoint was created.
 */
export const guardedLookup =
  (allowPrivate: boolean) =>
  (hostname: string, options: LookupOptions, callback: Callback): void => {
    lookup(hostname, { ...options, all: true } as LookupAllOptions, (error, addresses) => {
      if (error) return callback(error, '');
      const blocked = allowPrivate ? undefined : addresses.find((a) => !isPublicAddress(a.address));
      if (blocked) return callback(new UrlBlockedError(hostname, blocked.address), '');
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first)
        return callback(
          Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }),
          '',
        );
      callback(null, first.address, first.family);
    });
  };
