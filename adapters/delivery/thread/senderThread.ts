/**
 * The thread that sends webhooks for threadSender.ts: each request it is handed goes out through
 * the HTTP sender on this thread, and its result goes back with the request's number.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { httpSender } from '../http/httpSender.js';
import type { RequestOnWire, ResultOnWire } from './wire.js';
import { requestFromWire, resultToWire } from './wire.js';

export type SenderThreadInput = Parameters<typeof httpSender>[0];
export type ToSenderThread = { send: RequestOnWire } | { close: true };
export type FromSenderThread = { ready: true } | { sent: ResultOnWire[] } | { closed: true };

const sender = httpSender(workerData as SenderThreadInput);
const reply = (message: FromSenderThread) => parentPort?.postMessage(message);

/**
 * Results go back together: the answers read in one pass of this thread's loop, in one message
 * sent at its end, so that the main thread is woken once for them all.
 */
let results: ResultOnWire[] = [];
const sendResults = () => {
  const sent = results;
  results = [];
  reply({ sent });
};

parentPort?.on('message', (message: ToSenderThread) => {
  if ('close' in message) {
    void sender.close().then(() => {
      // What closing aborted is answered before the thread says it is done.
      if (results.length > 0) sendResults();
      reply({ closed: true });
    });
    return;
  }
  const [number] = message.send;
  void sender.send(requestFromWire(message.send)).then((result) => {
    if (results.push(resultToWire(number, result)) === 1) setImmediate(sendResults);
  });
});
reply({ ready: true });
