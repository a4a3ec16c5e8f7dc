/**
 * The ceiling of the process benchmark: a bare express app, in its own process like the service,
 * that parses a JSON body and answers a small JSON document. Nothing is stored.
 */
import express from 'express';
import type { AddressInfo } from 'node:net';

const app = express();
app.use(express.json());
app.post('/runs', (req, res) => {
  res.status(201).json({ id: 'pi_bare', object: 'process_instance', inputs: req.body as unknown });
});
const server = app.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
