export const DNS_LOOKUP_FAILED = 'DNS_LOOKUP_FAILED';

/**
 * A name that gave no address: not found, no answer in time, a failing server, or a merchant with
 * too many lookups waiting already. Always a DNS failure to whoever asked, whatever the cause.
 */
export class DnsLookupError extends Error {
  readonly code = DNS_LOOKUP_FAILED;
  constructor(host: string, why: string) {
    super(`The lookup of ${host} failed: ${why}.`);
    this.name = 'DnsLookupError';
  }
}
