/**
 * A `map` of 100 transforms against the same 100 transforms in a row: what running steps as
 * lanes (rounds recorded one by one, several steps per round) costs beside a straight line.
 */
import { Agent, request } from 'undici';
import type { Figure } from './figures.js';
import { withinCeiling } from './figures.js';
import { startBenchServer } from './serverProcess.js';
import { inTempDir, median, table } from './support.js';

const ADMIN = 'sk_bench_map_admin_key_0123456789abcdef';
const client = new Agent({ connections: 4 });

const post = async (url: string, body: unknown, status: number) => {
  const res = await request(url, {
    method: 'POST',
    dispatcher: client,
    headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.body.text();
  if (res.statusCode !== status) throw new Error(`POST ${url}: ${res.statusCode} ${text}`);
};

const ITEMS = 100;

const definitions = [
  {
    id: 'bench.map',
    name: 'A map of 100 transforms',
    input_schema: { type: 'object' },
    steps: [
      {
        id: 'each',
        type: 'map',
        items: 'input.items',
        max_concurrency: 32,
        steps: [{ id: 'triple', type: 'transform', value: 'item * 3' }],
      },
    ],
    output: '$sum(steps.each)',
  },
  {
    id: 'bench.sequence',
    name: '100 transforms in a row',
    input_schema: { type: 'object' },
    steps: Array.from({ length: ITEMS }, (_, i) => ({
      id: `t${i}`,
      type: 'transform',
      value: `input.items[${i}] * 3`,
    })),
    output: String(ITEMS),
  },
];

/** Milliseconds of each run with wait, one after the other: the median. */
const runTimes = async (url: string, runs: number) => {
  const items = Array.from({ length: ITEMS }, (_, i) => i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await post(
      url,
      { merchant_id: 'mer_bench', input: { items }, wait: { timeout_ms: 30_000 } },
      200,
    );
    times.push(performance.now() - started);
  }
  return median(times);
};

export const mapFigures = async (quick: boolean) => {
  const runs = quick ? 10 : 30;
  return inTempDir(async (dir) => {
    const server = await startBenchServer({
      SLUICE_DATA_DIR: dir,
      SLUICE_ADMIN_KEY: ADMIN,
      SLUICE_RATE_LIMIT_RPS: '1000000',
    });
    try {
      for (const definition of definitions) {
        await post(`${server.url}/v1/process-definitions`, definition, 201);
        await post(
          `${server.url}/v1/process-definitions/${definition.id}/activate`,
          { version: 1 },
          200,
        );
      }
      const run = (id: string) => `${server.url}/v1/processes/${id}/runs`;
      // Warm-up, then the two in turns, so that the machine's drift touches both alike.
      await runTimes(run('bench.map'), 3);
      await runTimes(run('bench.sequence'), 3);
      const mapped: number[] = [];
      const sequential: number[] = [];
      for (let round = 0; round < 3; round++) {
        mapped.push(await runTimes(run('bench.map'), runs));
        sequential.push(await runTimes(run('bench.sequence'), runs));
      }
      const map = median(mapped);
      const sequence = median(sequential);
      console.log(
        `\nmap of ${ITEMS} transforms against ${ITEMS} in a row (${runs} runs with wait, 3 rounds)`,
      );
      table([
        { what: `map of ${ITEMS} (32 at once)`, 'median ms': map.toFixed(1) },
        { what: `${ITEMS} in a row`, 'median ms': sequence.toFixed(1) },
      ]);
      const figures: Figure[] = [
        withinCeiling(`a run of a map of ${ITEMS} transforms`, Number(map.toFixed(1)), 'ms', {
          what: `a run of ${ITEMS} transforms in a row`,
          value: Number(sequence.toFixed(1)),
        }),
      ];
      const notes = [
        `Map against sequence: ${runs} runs with wait of each, one after the other, in 3 rounds taken in turns; the figure is the median of the rounds' medians. The map runs 32 lanes at once, recorded round by round (4 rounds of 32 steps, each round one append); the sequence runs its 100 steps in one append. No target was set.`,
      ];
      return { figures, notes };
    } finally {
      await server.stop();
    }
  });
};
