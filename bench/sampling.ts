/** Medians of many repetitions of one operation, in milliseconds. */
import { Agent, request } from 'undici';
import { median } from './support.js';

/**
 * Medians of several operations sampled in turn, one of each per round (after a few unmeasured
 * rounds), in milliseconds: a change in the machine's speed falls on all of them alike, so that
 * their ratios hold where medians taken one after the other would drift apart.
 */
export const interleavedMediansMs = async (
  operations: ReadonlyArray<(i: number) => Promise<unknown>>,
  repetitions: number,
  maxSeconds = 30,
): Promise<number[]> => {
  for (let i = 0; i < 5; i++) for (const operation of operations) await operation(-1 - i);
  const samples = operations.map(() => [] as number[]);
  const deadline = performance.now() + maxSeconds * 1000;
  for (let i = 0; i < repetitions && performance.now() < deadline; i++) {
    for (const [k, operation] of operations.entries()) {
      const started = performance.now();
      await operation(i);
      samples[k]!.push(performance.now() - started);
    }
  }
  return samples.map(median);
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
