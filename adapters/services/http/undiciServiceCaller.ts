import { Agent, request } from 'undici';
import { HEADER_NAME, HEADER_VALUE } from '../../../domain/shared/headerFields.js';
import {
  isIpLiteral,
  isLoopbackName,
  isPublicAddress,
} from '../../../domain/webhooks/addressPolicy.js';
import { classifyError, describeError } from '../../delivery/http/classifyError.js';
import { guardedLookup } from '../../delivery/http/guardedLookup.js';
import type { HostResolver } from '../../dns/hostResolver.js';
import type { ServiceAnswer, ServiceCall, ServiceCaller } from '../port.js';

/** A service's answer is kept as a step's output: bounded, like every read model document. */
export const MAX_ANSWER_BYTES = 256 * 1024;

const readCapped = async (body: AsyncIterable<Buffer>): Promise<Buffer | undefined> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_ANSWER_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
};

const parsed = (raw: Buffer, contentType: string | undefined): unknown => {
  const text = raw.toString('utf8');
  if (!contentType?.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/**
 * Why a step's headers cannot go on the wire, or undefined when they can. It names the header,
 * never its value: the headers of a definition are where a service's credential is kept. Publish
 * refuses such headers; versions published before it did still get here.
 */
const unsendableHeader = (headers: Record<string, string>): string | undefined => {
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name))
      return `The header name ${JSON.stringify(name.slice(0, 64))} is not a valid HTTP token.`;
    if (!HEADER_VALUE.test(value))
      return `The value of the header ${name} holds a character that cannot be sent (a control character or a line break).`;
  }
  return undefined;
};

/**
 * Did undici refuse the request before sending it (a header it will not send, such as
 * `transfer-encoding` or `expect`)? Its messages name the header, not its value.
 */
const isRefusedRequest = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'UND_ERR_INVALID_ARG' || code === 'UND_ERR_NOT_SUPPORTED';
};

/** A promise that rejects with the signal's reason once it is aborted. */
const aborted = (signal: AbortSignal): Promise<never> =>
  new Promise((_, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });

/**
 * Calls services with undici under the same rules as webhook deliveries: no redirects followed,
 * the whole call (lookup, connection and answer) bounded by its timeout, and the SSRF guard on the
 * address each socket connects to.
 */
export const undiciServiceCaller = (options: {
  allowHttp: boolean;
  allowPrivate: boolean;
  /** Resolves services' hosts, within each call's time. */
  resolver: HostResolver;
}): ServiceCaller => {
  const { resolver } = options;
  const agent = new Agent({
    connect: { lookup: guardedLookup(resolver, options.allowPrivate) },
    keepAliveTimeout: 4_000,
  });

  const refusal = (url: URL): string | undefined => {
    if (url.protocol === 'http:' && !options.allowHttp) return 'http:// URLs are not allowed';
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${url.protocol} is not HTTP`;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // A literal address is connected to without a lookup: it is checked here instead.
    if (!options.allowPrivate && isIpLiteral(host) && !isPublicAddress(host))
      return `${host} is not a public address`;
    if (!options.allowPrivate && isLoopbackName(host)) return `${host} is a loopback name`;
    return undefined;
  };

  /** The request and its answer; a host not resolved lately is looked up first, in its time. */
  const exchange = async (
    req: ServiceCall,
    url: URL,
    signal: AbortSignal,
  ): Promise<ServiceAnswer> => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!resolver.known(host)) await resolver.resolve(host, { timeoutMs: req.timeoutMs });
    const hasBody = req.body !== undefined;
    const res = await request(url, {
      method: req.method as 'GET',
      headers: {
        accept: 'application/json',
        ...(hasBody && { 'content-type': 'application/json' }),
        ...req.headers,
      },
      ...(hasBody && { body: JSON.stringify(req.body) }),
      dispatcher: agent,
      signal,
      headersTimeout: req.timeoutMs,
      bodyTimeout: req.timeoutMs,
    });
    const raw = await readCapped(res.body);
    if (!raw) {
      return { ok: false, code: 'response_too_large', message: `over ${MAX_ANSWER_BYTES} bytes` };
    }
    const contentType = res.headers['content-type'];
    return {
      ok: true,
      status: res.statusCode,
      body: parsed(raw, Array.isArray(contentType) ? contentType[0] : contentType),
    };
  };

  const call = async (req: ServiceCall): Promise<ServiceAnswer> => {
    const url = new URL(req.url);
    const refused = refusal(url);
    if (refused) return { ok: false, code: 'url_blocked', message: refused };
    const unsendable = unsendableHeader(req.headers);
    if (unsendable) return { ok: false, code: 'invalid_request', message: unsendable };
    // undici lets an aborted request go only once it has a connection (its own connect timeout is
    // 10 s): the call's deadline is kept here, whatever the connection is doing.
    const signal = AbortSignal.timeout(req.timeoutMs);
    try {
      return await Promise.race([exchange(req, url, signal), aborted(signal)]);
    } catch (error) {
      // Past the deadline, whatever failed last, the call took too long.
      const failure = signal.aborted ? (signal.reason as unknown) : error;
      if (isRefusedRequest(failure))
        return { ok: false, code: 'invalid_request', message: describeError(failure) };
      return { ok: false, code: classifyError(failure), message: describeError(failure) };
    }
  };

  return {
    call,
    close: async () => {
      await agent.destroy();
    },
  };
};
