import type { ServerResponse } from 'node:http';
import type { Behaviour } from './receiver.js';

/** Answers 200 and a byte every `everyMs`, never ending: only a whole-attempt timeout stops it. */
export const trickle =
  (everyMs = 50): Behaviour =>
  () => ({
    respond: (res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const timer = setInterval(() => {
        if (res.destroyed) clearInterval(timer);
        else res.write('.');
      }, everyMs);
      res.on('close', () => clearInterval(timer));
    },
  });

/** Promises a body, sends a part of it, then drops the connection. */
export const resetMidResponse: Behaviour = () => ({
  respond: (res: ServerResponse) => {
    res.writeHead(200, { 'content-length': '10000' });
    res.write('x'.repeat(100), () => setTimeout(() => res.socket?.destroy(), 20));
  },
});

/** Drops the connection without a byte of answer. */
export const resetAtOnce: Behaviour = () => ({
  respond: (res: ServerResponse) => res.socket?.destroy(),
});

/**
 * An error status with an endless body, written as fast as the reader takes it; `sent()` is how
 * many bytes the reader took (a bounded number shows the rest was never read).
 */
export const endlessBody = (status = 500) => {
  let sent = 0;
  const chunk = Buffer.alloc(64 * 1024, 'y');
  const behaviour: Behaviour = () => ({
    respond: (res: ServerResponse) => {
      res.writeHead(status, { 'content-type': 'text/plain' });
      const pump = () => {
        while (!res.destroyed && sent < 2 ** 31) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
      };
      pump();
    },
  });
  return { behaviour, sent: () => sent };
};
