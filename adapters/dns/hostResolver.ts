import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isLoopbackName } from '../../domain/webhooks/addressPolicy.js';
import { queryAddresses } from './addressQuery.js';
import { answerCache } from './answerCache.js';
import { SYSTEM_HOSTS_FILE, readHostsFile } from './hostsFile.js';
import { DnsLookupError } from './lookupError.js';
import type { ResolvedAddress } from './resolvedAddress.js';

export type { ResolvedAddress } from './resolvedAddress.js';

/** How names are resolved: plain values, so that a sending thread can be handed them. */
export type DnsSettings = {
  /** `ip`, `ip:port` or `[ipv6]:port` each; the system's servers when absent. */
  servers?: string[] | undefined;
  /** How long one lookup may take at most. */
  timeoutMs: number;
  /** Lookups one merchant may have waiting at once; one more fails at once. */
  lookupsPerMerchant?: number;
  /** How many names' answers are kept. */
  cachedNames?: number;
  /** The hosts file to read; the system's unless told. */
  hostsFile?: string;
};

export const DEFAULT_DNS_SETTINGS: DnsSettings = { timeoutMs: 5_000 };
const DEFAULT_LOOKUPS_PER_MERCHANT = 8;
const DEFAULT_CACHED_NAMES = 10_000;
/** `localhost` and the names under it, where the hosts file does not say (RFC 6761). */
const LOOPBACK: ResolvedAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];

export type LookupOptions = {
  /** Whose URL this is: a merchant's lookups waiting at once are capped. */
  merchantId?: string | undefined;
  /** How long the caller can still wait (what is left of its deadline). */
  timeoutMs?: number | undefined;
};

export type HostResolver = {
  /** The addresses of a name or an address literal; rejects with a DnsLookupError. */
  resolve: (host: string, options?: LookupOptions) => Promise<ResolvedAddress[]>;
  /** The addresses known without asking (a literal, a pinned name, a fresh answer), if any. */
  known: (host: string) => ResolvedAddress[] | undefined;
  /** Cancels the lookups still waiting. */
  close: () => void;
};

const normalized = (host: string): string =>
  host
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();

/** `answer`, or a DnsLookupError once `ms` have passed without it. */
const within = <T>(answer: Promise<T>, ms: number, host: string): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DnsLookupError(host, `no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
};

/**
 * Resolves names with c-ares (`dns.promises.Resolver`) on this thread's event loop, never with
 * `dns.lookup`, whose calls wait for one of libuv's four shared threads without a bound: a server
 * that never answers costs a timer here, and never holds up another name, a file or a hash.
 *
 * Every lookup ends within the settings' timeout, sooner if its caller has less time left. Lookups
 * of one name at once share one question; answers are kept for their TTL. A merchant's lookups
 * waiting at once are capped (its lookups count until their question is answered or given up).
 *
 * The hosts file is read once, here: its names (`localhost` above all) resolve as the system
 * resolves them, without a question; an edit to it is seen after a restart.
 */
export const hostResolver = (settings: DnsSettings): HostResolver => {
  // Two tries, one lost datagram not failing the lookup; c-ares doubles the wait of the second, so
  // the two take the whole timeout.
  const tryMs = Math.max(1, Math.ceil(settings.timeoutMs / 3));
  const channel = new Resolver({ timeout: tryMs, tries: 2 });
  if (settings.servers) channel.setServers(settings.servers);
  const pinned = readHostsFile(settings.hostsFile ?? SYSTEM_HOSTS_FILE);
  const cache = answerCache(settings.cachedNames ?? DEFAULT_CACHED_NAMES);
  const cap = settings.lookupsPerMerchant ?? DEFAULT_LOOKUPS_PER_MERCHANT;
  const questions = new Map<string, Promise<ResolvedAddress[]>>();
  const waitingOf = new Map<string, number>();
  let closed = false;

  const knownNormalized = (host: string): ResolvedAddress[] | undefined => {
    const family = isIP(host);
    if (family === 4 || family === 6) return [{ address: host, family }];
    return pinned.get(host) ?? (isLoopbackName(host) ? LOOPBACK : cache.get(host, Date.now()));
  };

  const ask = (host: string): Promise<ResolvedAddress[]> => {
    const asked = questions.get(host);
    if (asked) return asked;
    const question = queryAddresses(channel, host, settings.timeoutMs)
      .then((answer) => {
        if (answer.kind === 'absent') throw new DnsLookupError(host, 'the name has no address');
        cache.keep(host, answer.addresses, answer.ttlS, Date.now());
        return answer.addresses;
      })
      .finally(() => questions.delete(host));
    questions.set(host, question);
    return question;
  };

  /** Counts a merchant's lookup in, or refuses it beyond the cap; answers how to count it out. */
  const admit = (merchantId: string, host: string): (() => void) => {
    const waiting = waitingOf.get(merchantId) ?? 0;
    if (waiting >= cap)
      throw new DnsLookupError(host, `its merchant has ${cap} lookups waiting already`);
    waitingOf.set(merchantId, waiting + 1);
    return () => {
      const left = (waitingOf.get(merchantId) ?? 1) - 1;
      if (left > 0) waitingOf.set(merchantId, left);
      else waitingOf.delete(merchantId);
    };
  };

  return {
    resolve: async (raw, options = {}) => {
      const host = normalized(raw);
      const held = knownNormalized(host);
      if (held) return held;
      if (closed) throw new DnsLookupError(host, 'the resolver is closed');
      const release =
        options.merchantId === undefined ? undefined : admit(options.merchantId, host);
      const question = ask(host);
      // Counted until the question ends, even when this caller stops waiting sooner.
      if (release) question.then(release, release);
      const ms = Math.min(settings.timeoutMs, options.timeoutMs ?? Number.POSITIVE_INFINITY);
      return within(question, Math.max(0, ms), host);
    },
    known: (host) => knownNormalized(normalized(host)),
    close: () => {
      closed = true;
      channel.cancel();
    },
  };
};
