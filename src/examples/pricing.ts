/**
 * An example service a process calls: it prices one order line (`{ sku, quantity }`) at a fixed
 * price list, after a short pause, as a real pricing service would take a moment. The example
 * `order.fan_out` maps over an order's lines and calls it once per line.
 *
 *   PORT=4100 node dist/src/examples/pricing.js
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';

export const PRICING_PORT = 4100;
const PRICES: Record<string, number> = { A: 250, B: 1000, C: 4990 };
const PAUSE_MS = 50;

export const startPricing = (port = PRICING_PORT): Promise<Server> => {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      let line: { sku?: unknown; quantity?: unknown };
      try {
        line = JSON.parse(body) as typeof line;
      } catch {
        res.writeHead(400).end();
        return;
      }
      const price = typeof line.sku === 'string' ? PRICES[line.sku] : undefined;
      const quantity = typeof line.quantity === 'number' ? line.quantity : 1;
      setTimeout(() => {
        if (price === undefined) res.writeHead(404).end();
        else
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(
              JSON.stringify({ sku: line.sku, unit_cents: price, total_cents: price * quantity }),
            );
      }, PAUSE_MS);
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
};

if (process.argv[1]?.endsWith('pricing.js')) {
  void startPricing(Number(process.env.PORT ?? PRICING_PORT)).then((server) => {
    const address = server.address();
    process.stderr.write(
      `pricing on http://127.0.0.1:${typeof address === 'object' && address ? address.port : ''}\n`,
    );
  });
}
