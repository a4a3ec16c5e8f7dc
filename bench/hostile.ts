/**
 * A quiet merchant's delivery and API latency, on a quiet server and then beside a hostile merchant
 * that hangs its receivers (slots), names hosts no resolver answers for (lookups), and runs a
 * definition whose schema pattern and expression backtrack catastrophically on its input
 * (evaluation). Each figure is the hostile phase's p99 against the quiet phase's, in one run.
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

/** The hostile merchant's three attacks, each in a loop until `running()` is false. */
const attack = async (call: Call, key: string, hangUrl: string, running: () => boolean) => {
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
      await call('POST', '/v1/webhooks', { url: fixtures.receiver.url }, quietKey);
      const published = await call('POST', '/v1/process-definitions', EVIL);
      const version = published.body!.version as number;
      await call('POST', `/v1/process-definitions/${EVIL.id}/activate`, { version });

      const arrivals = fixtures.receiver.arrivals;
      const quiet = await quietLoad(call, quietKey, arrivals, seconds, `quiet${round}`);
      let running = true;
      const attacking = attack(call, hostileKey, fixtures.hanging.url, () => running);
      await sleep(2_000);
      const beside = await quietLoad(call, quietKey, arrivals, seconds, `hostile${round}`);
      running = false;
      await attacking;
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
        'The hostile merchant: 20 endpoints on a receiver that never answers and a test send to all of them every 250 ms (slots); three loops creating endpoints on hosts a resolver that never answers is asked for (lookups); a run every 100 ms of a definition whose input pattern `^(a|a)*$` and expression regex `/(a+)+$/` backtrack catastrophically on 40 characters (evaluation).',
        `Rounds, p99 delivery ms quiet / beside: ${shown((r) => r.quietDelivery)} / ${shown((r) => r.besideDelivery)}; p99 read ms: ${shown((r) => r.quietApi)} / ${shown((r) => r.besideApi)}.`,
      ],
    };
  } finally {
    await fixtures.receiver.close();
    fixtures.hanging.close();
    fixtures.resolver.close();
  }
};
