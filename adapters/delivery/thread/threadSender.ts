import { Worker } from 'node:worker_threads';
import type { SendResult, WebhookSender } from '../port.js';
import type { FromSenderThread, SenderThreadInput, ToSenderThread } from './senderThread.js';
import { requestToWire, resultFromWire } from './wire.js';

const THREAD = new URL('./senderThread.js', import.meta.url);

/**
 * The HTTP sender on a thread of its own: opening connections, writing requests and reading answers
 * (about a quarter of the work of a delivery) leave the thread that records attempts, and run on
 * another core. Requests and results cross as small messages; what the sender promises is unchanged.
 * Should the thread die, every request on it, and every later one, fails as `connection_reset` (the
 * receiver may or may not have had it): the attempts are recorded as failed and retried on their
 * schedule.
 */
export const startThreadSender = async (options: SenderThreadInput): Promise<WebhookSender> => {
  const worker = new Worker(THREAD, { workerData: options });
  const waiting = new Map<number, { url: string; resolve: (result: SendResult) => void }>();
  let next = 0;
  let closing: Promise<void> | undefined;
  let lost: string | undefined;

  const lostResult = (url: string, why: string): SendResult => ({
    outcome: {
      status: 'failed',
      url,
      response_status_code: null,
      response_body: null,
      error: { code: 'connection_reset', message: why },
      duration_ms: 0,
    },
    retryAfterMs: null,
  });
  const loseAll = (why: string) => {
    lost = why;
    for (const { url, resolve } of waiting.values()) resolve(lostResult(url, why));
    waiting.clear();
  };

  // Started once the thread can send: the first webhook does not wait for the thread to load.
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: FromSenderThread) => {
      if ('ready' in message) resolve();
    });
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('The sending thread ended as it started.')));
  });
  await ready;

  worker.on('message', (message: FromSenderThread) => {
    if (!('sent' in message)) return;
    for (const result of message.sent) {
      const entry = waiting.get(result[0]);
      if (!entry) continue;
      waiting.delete(result[0]);
      entry.resolve(resultFromWire(result, entry.url));
    }
    // Nothing more on the wire: a sender left open must not keep the process alive.
    if (waiting.size === 0) worker.unref();
  });
  worker.on('error', (error) => loseAll(`The sending thread failed: ${error.message}`));
  worker.on('exit', () => loseAll('The sending thread has ended.'));
  // Idle, a sender left open must not keep the process alive (a listener for messages took the
  // reference back).
  worker.unref();

  return {
    send: (request) =>
      new Promise((resolve) => {
        if (lost !== undefined) return resolve(lostResult(request.url, lost));
        const number = next++;
        waiting.set(number, { url: request.url, resolve });
        // A request on the wire keeps the process alive until it is answered, as in this thread.
        worker.ref();
        const message: ToSenderThread = { send: requestToWire(number, request) };
        worker.postMessage(message);
      }),
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        if (lost !== undefined) return resolve();
        // What is on the wire is still answered below; what is asked for from now on fails.
        lost = 'The sender is closed.';
        // The thread aborts what is on the wire, answers each request, and says when it is done.
        const done = (message: FromSenderThread) => {
          if (!('closed' in message)) return;
          worker.off('message', done);
          resolve();
        };
        worker.ref();
        worker.on('message', done);
        worker.once('exit', () => resolve());
        const message: ToSenderThread = { close: true };
        worker.postMessage(message);
      }).then(() => worker.terminate().then(() => undefined));
      return closing;
    },
  };
};
