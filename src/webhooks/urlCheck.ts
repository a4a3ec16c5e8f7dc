import type { HostResolver } from '../../adapters/dns/hostResolver.js';
import {
  isIpLiteral,
  isLoopbackName,
  isPublicAddress,
} from '../../domain/webhooks/addressPolicy.js';

export type UrlPolicy = { allowHttp: boolean; allowPrivate: boolean };

/** How the URL's host is looked up: by which resolver, for which merchant (whose lookups are capped). */
export type UrlLookup = { resolver: HostResolver; merchantId?: string | undefined };

export type UrlVerdict = { ok: true; url: string } | { ok: false; reason: string };

const MAX_URL = 2048;

/** What the operator would set to allow it: a developer pointing at a local receiver needs to know. */
const ALLOW_HTTP =
  'The service allows http URLs with SLUICE_ALLOW_HTTP_URLS=true (or SLUICE_DEV=true, for local development).';
const ALLOW_PRIVATE =
  'The service allows private and loopback addresses with SLUICE_ALLOW_PRIVATE_URLS=true (or SLUICE_DEV=true, for local development).';

/**
 * Where may webhooks go? To https URLs (http only when allowed), without credentials in them, whose
 * host is not, and does not resolve to, a non-public address (unless private ones are allowed).
 * Delivery checks the address it connects to again: a name may resolve elsewhere later.
 */
export const checkEndpointUrl = async (
  raw: string,
  policy: UrlPolicy,
  lookup: UrlLookup,
): Promise<UrlVerdict> => {
  if (raw.length > MAX_URL)
    return { ok: false, reason: `The URL is longer than ${MAX_URL} characters.` };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'The URL is not a valid absolute URL.' };
  }
  if (url.protocol !== 'https:' && !(policy.allowHttp && url.protocol === 'http:')) {
    return {
      ok: false,
      reason: policy.allowHttp
        ? 'The URL must be http or https.'
        : `The URL must be https. ${ALLOW_HTTP}`,
    };
  }
  if (url.username || url.password)
    return { ok: false, reason: 'The URL must not hold credentials.' };
  if (url.hash) return { ok: false, reason: 'The URL must not have a fragment.' };
  if (policy.allowPrivate) return { ok: true, url: url.toString() };

  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isLoopbackName(host))
    return { ok: false, reason: `The host ${host} is a loopback name. ${ALLOW_PRIVATE}` };
  let addresses: string[];
  if (isIpLiteral(host)) addresses = [host];
  else {
    try {
      const found = await lookup.resolver.resolve(host, { merchantId: lookup.merchantId });
      addresses = found.map((a) => a.address);
    } catch {
      // A name that does not resolve yet (a receiver still being set up), or not within the
      // resolver's time, leads nowhere for now; every delivery checks the address it connects to.
      addresses = [];
    }
  }
  const blocked = addresses.find((address) => !isPublicAddress(address));
  if (blocked !== undefined) {
    return {
      ok: false,
      reason: `The host ${host} is or resolves to a non-public address (${blocked}). ${ALLOW_PRIVATE}`,
    };
  }
  return { ok: true, url: url.toString() };
};
