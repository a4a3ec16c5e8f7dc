import { expect } from 'chai';
import { Worker } from 'node:worker_threads';

/**
 * Asks for /healthz every 20 ms, one request at a time, and posts how long each answer took: a
 * failed request (the service gone, or silent for 10 s) as an infinite time.
 */
const POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  for (;;) {
    const started = performance.now();
    try {
      const res = await fetch(workerData.url, { signal: AbortSignal.timeout(10000) });
      await res.text();
      parentPort.postMessage(res.ok ? performance.now() - started : Infinity);
    } catch {
      parentPort.postMessage(Infinity);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
})();
`;

/**
 * Polls /healthz from a worker thread, a client with an event loop of its own: a stall of the
 * service's loop (which this test shares) shows as a slow answer, as it would to any client.
 */
export const watchHealth = (url: string) => {
  let worst = 0;
  let answers = 0;
  const worker = new Worker(POLLER, { eval: true, workerData: { url: `${url}/healthz` } });
  worker.on('message', (ms: number) => {
    answers += 1;
    worst = Math.max(worst, ms);
  });
  return {
    worst: () => worst,
    /** Resolves after `count` answers, forgetting them: the worker's first requests are slow. */
    warmedUp: async (count = 5) => {
      while (answers < count) await new Promise((resolve) => setTimeout(resolve, 20));
      worst = 0;
    },
    stop: () => worker.terminate(),
  };
};

/**
 * Runs `work` with /healthz polled every 20 ms (see watchHealth), and a few answers more for a
 * stall the work left behind it; every answer must have come in under `boundMs`.
 */
export const whileHealthy = async <T>(
  url: string,
  work: () => Promise<T>,
  boundMs = 100,
): Promise<T> => {
  const health = watchHealth(url);
  try {
    await health.warmedUp();
    const result = await work();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(health.worst(), `/healthz took ${Math.round(health.worst())} ms`).to.be.below(boundMs);
    return result;
  } finally {
    await health.stop();
  }
};
