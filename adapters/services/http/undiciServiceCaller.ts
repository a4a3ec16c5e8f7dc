import { Agent, request } from 'undici';
import {
  isIpLiteral,
  isLoopbackName,
  isPublicAddress,
} from '../../../domain/webhooks/addressPolicy.js';
import { classifyError, describeError } from '../../delivery/http/classifyError.js';
import { guardedLookup } from '../../delivery/http/guardedLookup.js';
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
 * Calls services with undici under the same rules as webhook deliveries: no redirects followed,
 * the call bounded by its timeout, and the SSRF guard on the address each socket connects to.
 */
export const undiciServiceCaller = (options: {
  allowHttp: boolean;
  allowPrivate: boolean;
}): ServiceCaller => {
  const agent = new Agent({
    connect: { lookup: guardedLookup(options.allowPrivate) },
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

  const call = async (req: ServiceCall): Promise<ServiceAnswer> => {
    const refused = refusal(new URL(req.url));
    if (refused) return { ok: false, code: 'url_blocked', message: refused };
    try {
      const hasBody = req.body !== undefined;
      const res = await request(req.url, {
        method: req.method as 'GET',
        headers: {
          accept: 'application/json',
          ...(hasBody && { 'content-type': 'application/json' }),
          ...req.headers,
        },
        ...(hasBody && { body: JSON.stringify(req.body) }),
        dispatcher: agent,
        signal: AbortSignal.timeout(req.timeoutMs),
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
    } catch (error) {
      return { ok: false, code: classifyError(error), message: describeError(error) };
    }
  };

  return { call, close: () => agent.destroy() };
};
