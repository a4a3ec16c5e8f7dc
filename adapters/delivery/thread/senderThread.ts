/**
 * The thread that sends webhooks for threadSender.ts: each request it is handed goes out through
 * the HTTP sender on this thread, and its result goes back with the request's number.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { SendResult, WebhookRequest } from '../port.js';
import { httpSender } from '../http/httpSender.js';

export type SenderThreadInput = Parameters<typeof httpSender>[0];
export type ToSenderThread = { send: number; request: WebhookRequest } | { close: true };
export type FromSenderThread =
  { ready: true } | { sent: number; result: SendResult } | { closed: true };

const sender = httpSender(workerData as SenderThreadInput);
const reply = (message: FromSenderThread) => parentPort?.postMessage(message);

parentPort?.on('message', (message: ToSenderThread) => {
  if ('close' in message) {
    void sender.close().then(() => reply({ closed: true }));
    return;
  }
  void sender.send(message.request).then((result) => reply({ sent: message.send, result }));
});
reply({ ready: true });
