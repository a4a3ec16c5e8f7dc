import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parentPort } from 'node:worker_threads';
import type { Arrival } from './threadedReceiver.js';

/** The thread of a threaded receiver: it records each request as it ends and answers 200. */
const port = parentPort!;
let batch: Arrival[] = [];
const flush = () => {
  if (batch.length === 0) return;
  port.postMessage({ arrivals: batch });
  batch = [];
};
const flushing = setInterval(flush, 20);

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const raw = Buffer.concat(chunks).toString('utf8');
    batch.push({ headers: req.headers, raw, path: req.url ?? '', at: Date.now() });
    res.writeHead(200).end();
  });
});
server.listen(0, '127.0.0.1', () =>
  port.postMessage({ port: (server.address() as AddressInfo).port }),
);

port.on('message', (message) => {
  if (message !== 'close') return;
  clearInterval(flushing);
  server.closeAllConnections();
  server.close(() => {
    flush();
    port.close();
  });
});
