/** Medians of many repetitions of one operation, in milliseconds. */
import { Agent, request } from 'undici';
import { median } from './support.js';

/**
 * Runs `operation` `repetitions` times one after the other (after a few unmeasured ones, so that
 * caches and JIT are warm) and answers the median, in ms. Stops early once `maxSeconds` have passed,
 * so that a slow case does not hold the run up: the median of fewer repetitions is still a median.
 */
export const medianMs = async (
  operation: (i: number) => Promise<unknown>,
  repetitions: number,
  maxSeconds = 20,
): Promise<number> => {
  for (let i = 0; i < 5; i++) await operation(-1 - i);
  const samples: number[] = [];
  const deadline = performance.now() + maxSeconds * 1000;
  for (let i = 0; i < repetitions && performance.now() < deadline; i++) {
    const started = performance.now();
    await operation(i);
    samples.push(performance.now() - started);
  }
  return median(samples);
};

/** One keep-alive connection to the server, as a client that calls it in sequence would hold. */
export const apiClient = (url: string, key: string) => {
  const agent = new Agent({ connections: 1 });
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> => {
    const res = await request(`${url}${path}`, {
      method,
      dispatcher: agent,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await res.body.text();
    if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${text}`);
    return JSON.parse(text) as unknown;
  };
  return { call, close: () => agent.close() };
};
