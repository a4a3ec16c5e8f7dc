import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Received, TestReceiver } from './receiver.js';

/** What the receiver's thread reports of each request, as it arrives. */
export type Arrival = Omit<Received, 'body'>;

/**
 * A real HTTP receiver on 127.0.0.1 that answers 200 at once, on a thread of its own: the test's
 * own work (publishers, checks, collection of garbage) never holds a request back, so the times it
 * records are when the requests arrived, and a rate measured on them is the sender's.
 */
export const startThreadedReceiver = async (): Promise<Omit<TestReceiver, 'setBehaviour'>> => {
  const received: Received[] = [];
  const worker = new Worker(fileURLToPath(new URL('./receiverThread.js', import.meta.url)));
  worker.on('message', (message: { arrivals?: Arrival[] }) => {
    for (const arrival of message.arrivals ?? [])
      received.push({
        ...arrival,
        body: (arrival.raw ? JSON.parse(arrival.raw) : undefined) as Received['body'],
      });
  });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', (message: { port?: number }) => resolve(message.port!));
    worker.once('error', reject);
  });
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    waitFor: async (count, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline)
          throw new Error(`received ${received.length} of ${count} requests in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received.slice();
    },
    close: async () => {
      const flushed = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage('close');
      await flushed;
    },
  };
};
