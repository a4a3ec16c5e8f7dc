import { expect } from 'chai';
import express from 'express';
import type { Request } from 'express';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { serverFor } from '../../../src/http/server.js';

// V8's own answer to "do these two objects share a hidden class?", for this test alone.
setFlagsFromString('--allow-natives-syntax');
// eslint-disable-next-line @typescript-eslint/no-implied-eval
const sameShape = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (
  a: object,
  b: object,
) => boolean;

describe('the HTTP server', () => {
  it('hands the app requests born with its prototype, which share one shape as middleware adds to them', async () => {
    const app = express();
    const seen: Request[] = [];
    app.use((req, _res, next) => {
      (req as Request & { tag?: string }).tag = 'set by a middleware';
      seen.push(req);
      next();
    });
    app.get('/hello', (req, res) => {
      res.json({ app: req.app === app, host: req.get('host') !== undefined });
    });
    const server = serverFor(app).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`http://127.0.0.1:${port}/hello`);
        // Express works as before: its request methods and the app are there.
        expect(await res.json()).to.deep.equal({ app: true, host: true });
      }
      expect(seen).to.have.length(2);
      expect(Object.getPrototypeOf(seen[0]!)).to.equal(app.request);
      expect(sameShape(seen[0]!, seen[1]!)).to.equal(true);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
