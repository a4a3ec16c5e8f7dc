import { Worker } from 'node:worker_threads';
import type { SendResult, WebhookRequest, WebhookSender } from '../port.js';
import type { FromSenderThread, SenderThreadInput, ToSenderThread } from './senderThread.js';
import { requestToWire, resultFromWire } from './wire.js';

const THREAD = new URL('./senderThread.js', import.meta.url);
/** A thread that died is started again after this long, doubled while it keeps dying, up to the last. */
const RESTART_DELAYS_MS = [0, 250, 1_000, 5_000];
/** A thread that lived this long has recovered: the next death restarts it at once again. */
const HEALTHY_AFTER_MS = 60_000;

export type ThreadSenderOptions = SenderThreadInput & {
  /** Told of each thread as it starts sending (the first, and each one that replaces a dead one). */
  onThread?: (worker: Worker) => void;
};

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

type Waiting = Map<number, { url: string; resolve: (result: SendResult) => void }>;

/** One sending thread, started and ready to send; `died` settles if it ends of itself. */
const startThread = async (options: SenderThreadInput, waiting: Waiting) => {
  const worker = new Worker(THREAD, { workerData: options });
  // Started once the thread can send: the first webhook does not wait for the thread to load.
  await new Promise<void>((resolve, reject) => {
    worker.on('message', (message: FromSenderThread) => {
      if ('ready' in message) resolve();
    });
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('The sending thread ended as it started.')));
  });
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
  // Told at once, in the event itself: no request may be handed to a thread that has ended.
  let dead = false;
  let onDeath: (why: string) => void = () => undefined;
  const die = (why: string) => {
    if (dead) return;
    dead = true;
    onDeath(why);
  };
  worker.on('error', (error) => die(`The sending thread failed: ${error.message}`));
  worker.on('exit', () => die('The sending thread has ended.'));
  const died = new Promise<string>((resolve) => (onDeath = resolve));
  // Idle, a sender left open must not keep the process alive (a listener for messages took the
  // reference back).
  worker.unref();
  return { worker, died, alive: () => !dead };
};

/**
 * The HTTP sender on a thread of its own: opening connections, writing requests and reading answers
 * (about a quarter of the work of a delivery) leave the thread that records attempts, and run on
 * another core. Requests and results cross as small messages; what the sender promises is unchanged.
 * Should the thread die, each request on it fails as `connection_reset` (the receiver may or may
 * not have had it), so its attempt is recorded and retried on its schedule; a new thread takes the
 * requests that follow, started at once the first time, later and later if it keeps dying.
 */
export const startThreadSender = async (options: ThreadSenderOptions): Promise<WebhookSender> => {
  const { onThread, ...threadOptions } = options;
  const waiting: Waiting = new Map();
  let next = 0;
  let closing: Promise<void> | undefined;
  /** Set once closed: every request from then on fails with this. */
  let closed: string | undefined;

  type Thread = Awaited<ReturnType<typeof startThread>>;
  let current: Thread | undefined;
  /** A thread being started, which requests wait for. */
  let starting: Promise<Thread | undefined> | undefined;
  let deaths = 0;

  const supervise = (thread: Thread) => {
    current = thread;
    onThread?.(thread.worker);
    const startedAt = Date.now();
    void thread.died.then((why) => {
      if (current === thread) current = undefined;
      for (const { url, resolve } of waiting.values()) resolve(lostResult(url, why));
      waiting.clear();
      if (closed !== undefined) return;
      deaths = Date.now() - startedAt >= HEALTHY_AFTER_MS ? 1 : deaths + 1;
      const delay = RESTART_DELAYS_MS[Math.min(deaths - 1, RESTART_DELAYS_MS.length - 1)]!;
      starting = restart(delay);
    });
  };

  const restart = async (delayMs: number): Promise<Thread | undefined> => {
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs).unref());
    for (;;) {
      if (closed !== undefined) return undefined;
      try {
        const thread = await startThread(threadOptions, waiting);
        if (closed !== undefined) {
          await thread.worker.terminate();
          return undefined;
        }
        supervise(thread);
        starting = undefined;
        return thread;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, RESTART_DELAYS_MS.at(-1)).unref());
      }
    }
  };

  supervise(await startThread(threadOptions, waiting));

  const sendOn = (thread: Thread, request: WebhookRequest) =>
    new Promise<SendResult>((resolve) => {
      const number = next++;
      waiting.set(number, { url: request.url, resolve });
      // A request on the wire keeps the process alive until it is answered, as in this thread.
      thread.worker.ref();
      const message: ToSenderThread = { send: requestToWire(number, request) };
      thread.worker.postMessage(message);
    });

  return {
    send: async (request) => {
      if (closed !== undefined) return lostResult(request.url, closed);
      const live = current?.alive() ? current : undefined;
      const thread = live ?? (await starting);
      if (!thread || !thread.alive() || closed !== undefined)
        return lostResult(request.url, closed ?? 'The sending thread is being restarted.');
      return sendOn(thread, request);
    },
    close: () => {
      closing ??= (async () => {
        // What is on the wire is still answered below; what is asked for from now on fails.
        closed = 'The sender is closed.';
        const thread = current;
        if (!thread) return;
        await new Promise<void>((resolve) => {
          // The thread aborts what is on the wire, answers each request, and says when it is done.
          const done = (message: FromSenderThread) => {
            if (!('closed' in message)) return;
            thread.worker.off('message', done);
            resolve();
          };
          thread.worker.ref();
          thread.worker.on('message', done);
          void thread.died.then(() => resolve());
          const message: ToSenderThread = { close: true };
          thread.worker.postMessage(message);
        });
        await thread.worker.terminate();
      })();
      return closing;
    },
  };
};
