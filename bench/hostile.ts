/**
 * A quiet merchant's delivery and API latency, on a quiet server and then beside a hostile merchant
 * that hangs its receivers (slots), names hosts no resolver answers for (lookups), runs a
 * definition whose schema pattern and expression backtrack catastrophically on its input
 * (evaluation), sends expressions that multiply what they read (a filter under test and a
 * transform, each of a list times another), and inputs and events of tens of thousands of items
 * against schemas of many alternatives. Each figure is the hostile phase's p99 against the quiet
 * phase's, in one run; the server must live through it all.
 */
import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { Agent, request } from 'undici';
import { serverEnv } from './delivery.js';
import type { Benchmark } from './figures.js';
import { withinCeiling } from './figures.js';
import { startReceiver } from './receiver.js';
import { startBenchServer } from './serverProcess.js';
import { inTempDir, median, percentile } from './support.js';

const ADMIN = serverEnv('').SLUICE_ADMIN_KEY;
const QUIET = 'mer_quiet';
const HOSTILE = 'mer_hostile';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Answer = { status: number; body: Record<string, unknown> | undefined };
type Call = (method: string, path: string, body?: unknown, key?: string) => Promise<Answer>;

const caller = (url: string, agent: Agent): Call => {
  return async (method, path, body, key = ADMIN) => {
    const res = await request(`${url}${path}`, {
      method: method as 'GET',
      dispatcher: agent,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await res.body.text();
    return {
      status: res.statusCode,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
    };
  };
};

/** A DNS server that takes every question and answers none. */
const silentResolver = async () => {
  const socket = createSocket('udp4');
  socket.on('message', () => undefined);
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { port: socket.address().port, close: () => socket.close() };
};

/** A receiver that accepts every request and never answers it. */
const hangingReceiver = async () => {
  const server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hang`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
};

const EVIL = {
  id: 'bench.evil',
  name: 'Evil',
  input_schema: {
    type: 'object',
    properties: { s: { type: 'string', pattern: '^(a|a)*$' } },
  },
  steps: [{ id: 'match', type: 'transform', value: '$match(input.s, /(a+)+$/)' }],
};

/** Each of `a`'s items gives all of `b`: a list 120 million long, from 242 KB of data. */
const zeros = (n: number) => Array.from({ length: n }, () => 0);
const MULTIPLIED = { a: zeros(1_000), b: zeros(120_000) };
const MULTIPLY = {
  id: 'bench.multiply',
  name: 'Multiply',
  input_schema: { type: 'object' },
  steps: [{ id: 'count', type: 'transform', value: '$count(input.a.($$.input.b))' }],
};
/** Items of 20 alternatives; each run sends 80,000 items matching none. */
const alternatives = (n: number) => ({
  type: 'object',
  properties: {
    items: {
      type: 'array',
      items: { anyOf: Array.from({ length: n }, (_, i) => ({ required: [`k${i}`] })) },
    },
  },
});
const ALTERNATIVES = {
  id: 'bench.alternatives',
  name: 'Alternatives',
  input_schema: alternatives(20),
  steps: [{ id: 'done', type: 'succeed' }],
};
const EMPTIES = Array.from({ length: 80_000 }, () => ({}));
/** A type whose data lists items of 900 alternatives, and 20,000 of the last. */
const ALTERNATIVE_TYPE = {
  name: 'bench.items_listed',
  description: 'Items of many kinds',
  schema: alternatives(900),
  examples: [{ items: [{ k0: 1 }] }],
};
const LAST_KIND = Array.from({ length: 20_000 }, () => ({ k899: 1 }));

/** The hostile merchant's attacks, each in a loop until `running()` is false. */
const attack = async (
  call: Call,
  keys: { merchant: string; publisher: string },
  hangUrl: string,
  running: () => boolean,
) => {
  const key = keys.merchant;
  for (let i = 0; i < 20; i++)
    await call('POST', '/v1/webhooks', { url: `${hangUrl}?n=${i}` }, key);
  const loop = async (every: number, act: (n: number) => Promise<unknown>) => {
    for (let n = 0; running(); n++) {
      await act(n).catch(() => undefined);
      await sleep(every);
    }
  };
  await Promise.all([
    loop(250, () => call('POST', '/v1/webhooks/test', {}, key)),
    ...[0, 1, 2].map((lane) =>
      loop(100, (n) =>
        call('POST', '/v1/webhooks', { url: `http://slow-${lane}-${n}.example/hooks` }, key),
      ),
    ),
    loop(100, () =>
      call('POST', '/v1/processes/bench.evil/runs', { input: { s: `${'a'.repeat(40)}!` } }, key),
    ),
    loop(500, () =>
      call(
        'POST',
        '/v1/webhook-filters/test',
        {
          filter: '$count(data.a.($$.data.b)) > 0',
          event: { type: 'invoice.issued', data: MULTIPLIED },
        },
        key,
      ),
    ),
    loop(500, () => call('POST', `/v1/processes/${MULTIPLY.id}/runs`, { input: MULTIPLIED }, key)),
    loop(500, () =>
      call('POST', `/v1/processes/${ALTERNATIVES.id}/runs`, { input: { items: EMPTIES } }, key),
    ),
    loop(500, () =>
      call(
        'POST',
        '/v1/events',
        { type: ALTERNATIVE_TYPE.name, merchant_id: HOSTILE, data: { items: LAST_KIND } },
        keys.publisher,
      ),
    ),
  ]);
};

type Latencies = { deliveryMs: number[]; apiMs: number[] };

/** The quiet merchant: 20 events a second, each timed to its receipt, and a read every 50 ms. */
const quietLoad = async (
  call: Call,
  key: string,
  arrivals: Map<string, number>,
  seconds: number,
  label: string,
): Promise<Latencies> => {
  const sent = new Map<string, number>();
  const apiMs: number[] = [];
  const end = performance.now() + seconds * 1000;
  const publishing = (async () => {
    for (let i = 0; performance.now() < end; i++) {
      const id = `evt_${label}_${i}`;
      sent.set(id, performance.now());
      await call('POST', '/v1/events', { id, type: 'order.created', merchant_id: QUIET, data: {} });
      await sleep(50);
    }
  })();
  const reading = (async () => {
    while (performance.now() < end) {
      const at = performance.now();
      await call('GET', '/v1/webhooks', undefined, key);
      apiMs.push(performance.now() - at);
      await sleep(50);
    }
  })();
  await Promise.all([publishing, reading]);
  const deadline = performance.now() + 30_000;
  while ([...sent.keys()].some((id) => !arrivals.has(id)) && performance.now() < deadline)
    await sleep(20);
  const deliveryMs = [...sent].map(([id, at]) => (arrivals.get(id) ?? deadline) - at);
  return { deliveryMs, apiMs };
};

type Round = { quietDelivery: number; besideDelivery: number; quietApi: number; besideApi: number };
type Fixtures = {
  receiver: Awaited<ReturnType<typeof startReceiver>>;
  hanging: Awaited<ReturnType<typeof hangingReceiver>>;
  resolver: Awaited<ReturnType<typeof silentResolver>>;
};

const p99 = (values: number[]) => percentile(values, 99);

/** A fresh server: the quiet merchant alone, then beside the hostile one; each phase's p99s. */
const oneRound = (fixtures: Fixtures, seconds: number, round: number): Promise<Round> =>
  inTempDir(async (dir) => {
    const server = await startBenchServer({
      ...serverEnv(dir),
      SLUICE_RATE_LIMIT_RPS: '1000',
      SLUICE_DNS_SERVERS: `127.0.0.1:${fixtures.resolver.port}`,
    });
    const agent = new Agent({ connections: 32 });
    try {
      const call = caller(server.url, agent);
      const key = async (merchant: string) =>
        (await call('POST', '/v1/api-keys', { role: 'merchant', merchant_id: merchant })).body!
          .key as string;
      const quietKey = await key(QUIET);
      const hostileKey = await key(HOSTILE);
      const publisherKey = (await call('POST', '/v1/api-keys', { role: 'publisher' })).body!
        .key as string;
      await call('POST', '/v1/webhooks', { url: fixtures.receiver.url }, quietKey);
      for (const definition of [EVIL, MULTIPLY, ALTERNATIVES]) {
        const published = await call('POST', '/v1/process-definitions', definition);
        const version = published.body!.version as number;
        await call('POST', `/v1/process-definitions/${definition.id}/activate`, { version });
      }
      await call('POST', '/v1/event-types', ALTERNATIVE_TYPE);

      const arrivals = fixtures.receiver.arrivals;
      const quiet = await quietLoad(call, quietKey, arrivals, seconds, `quiet${round}`);
      let running = true;
      const attacking = attack(
        call,
        { merchant: hostileKey, publisher: publisherKey },
        fixtures.hanging.url,
        () => running,
      );
      await sleep(2_000);
      const beside = await quietLoad(call, quietKey, arrivals, seconds, `hostile${round}`);
      running = false;
      await attacking;
      // The server lived through it: a process that died would not answer.
      const health = await call('GET', '/healthz');
      if (health.status !== 200 || server.child.exitCode !== null)
        throw new Error(`the server did not live through the attacks (${health.status})`);
      return {
        quietDelivery: p99(quiet.deliveryMs),
        besideDelivery: p99(beside.deliveryMs),
        quietApi: p99(quiet.apiMs),
        besideApi: p99(beside.apiMs),
      };
    } finally {
      await agent.close();
      await server.stop();
    }
  });

export const hostileBenchmark: Benchmark = async ({ quick }) => {
  const seconds = quick ? 5 : 15;
  // p99s of a few hundred samples move from run to run: the figures are the medians of rounds.
  const rounds = quick ? 1 : 3;
  const fixtures: Fixtures = {
    receiver: await startReceiver(),
    hanging: await hangingReceiver(),
    resolver: await silentResolver(),
  };
  try {
    const results: Round[] = [];
    for (let round = 0; round < rounds; round++)
      results.push(await oneRound(fixtures, seconds, round));
    const mid = (pick: (r: Round) => number) => median(results.map(pick));
    const shown = (pick: (r: Round) => number) => results.map((r) => pick(r).toFixed(1)).join(', ');
    return {
      name: 'hostile',
      title: 'A quiet merchant beside a hostile one',
      figures: [
        withinCeiling(
          "quiet merchant's p99 publish-to-receipt, hostile merchant running",
          mid((r) => r.besideDelivery),
          'ms',
          { what: 'the same on a quiet server', value: mid((r) => r.quietDelivery) },
          2,
        ),
        withinCeiling(
          "quiet merchant's p99 GET /v1/webhooks, hostile merchant running",
          mid((r) => r.besideApi),
          'ms',
          { what: 'the same on a quiet server', value: mid((r) => r.quietApi) },
          2,
        ),
      ],
      notes: [
        `${rounds} rounds, each on a fresh server; each figure is the median of the rounds' p99s. Each phase: ${seconds} s of the quiet merchant publishing 20 events/s to one endpoint and reading its endpoints every 50 ms.`,
        'The hostile merchant: 20 endpoints on a receiver that never answers and a test send to all of them every 250 ms (slots); three loops creating endpoints on hosts a resolver that never answers is asked for (lookups); a run every 100 ms of a definition whose input pattern `^(a|a)*$` and expression regex `/(a+)+$/` backtrack catastrophically on 40 characters (evaluation); every 500 ms each: a filter test and a transform run of `a.($$.b)` over 1,000 × 120,000 items (multiplying), a run of 80,000 items against 20 alternatives, and a publisher’s event of 20,000 items against a type of 900 (schemas). Past its bytes a minute, its writes are refused with 429, as they would be in production.',
        `Rounds, p99 delivery ms quiet / beside: ${shown((r) => r.quietDelivery)} / ${shown((r) => r.besideDelivery)}; p99 read ms: ${shown((r) => r.quietApi)} / ${shown((r) => r.besideApi)}.`,
      ],
    };
  } finally {
    await fixtures.receiver.close();
    fixtures.hanging.close();
    fixtures.resolver.close();
  }
};
