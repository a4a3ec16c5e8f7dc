/**
 * Publish-time schema validation: what checking an event's data against its type's schema costs a
 * publish. The same bursts of `POST /v1/events`, on the same server, in alternate rounds: one of a
 * built-in type whose schema is open (`{ "type": "object" }`), one of a platform type registered
 * with a schema of the kind platforms write (required fields, formats, patterns, an array of
 * objects). Both read the catalog the same way; the difference is the validation. Beside it, the
 * validation alone, measured in the server's own terms: a compiled validator per type version.
 */
import { compileDataSchema } from '../domain/catalog/dataSchema.js';
import { api, serverEnv } from './delivery.js';
import type { BenchmarkOptions, BenchmarkResult } from './figures.js';
import { startBenchServer } from './serverProcess.js';
import { inTempDir, median, table } from './support.js';

const MERCHANT = 'mer_bench_schema';
const PUBLISHERS = 32;
const TARGET = 1.1;
const STRICT_TYPE = 'shipment.dispatched';

const SCHEMA = {
  type: 'object',
  required: ['shipment_id', 'order_id', 'carrier', 'dispatched_at', 'lines'],
  additionalProperties: false,
  properties: {
    shipment_id: { type: 'string', pattern: '^shp_[A-Za-z0-9]{8,32}$' },
    order_id: { type: 'string', pattern: '^ord_[A-Za-z0-9]{3,32}$' },
    carrier: { enum: ['dhl', 'ups', 'postnl', 'colissimo'] },
    tracking_url: { type: 'string', format: 'uri', maxLength: 2048 },
    dispatched_at: { type: 'string', format: 'date-time' },
    lines: {
      type: 'array',
      minItems: 1,
      maxItems: 500,
      items: {
        type: 'object',
        required: ['sku', 'quantity'],
        properties: {
          sku: { type: 'string', maxLength: 64 },
          quantity: { type: 'integer', minimum: 1 },
        },
      },
    },
  },
};

const data = (n: number) => ({
  shipment_id: `shp_bench${String(n).padStart(8, '0')}`,
  order_id: `ord_${String(n).padStart(6, '0')}`,
  carrier: 'postnl',
  tracking_url: `https://track.example.com/shp/${n}`,
  dispatched_at: '2026-11-25T10:00:00Z',
  lines: [
    { sku: 'A-100', quantity: 2 },
    { sku: 'B-200', quantity: 1 },
    { sku: 'C-300', quantity: 5 },
  ],
});

type Call = ReturnType<typeof api>;

/** Seconds to publish `events` events of a type from `PUBLISHERS` publishers at once. */
const burst = async (call: Call, type: string, prefix: string, events: number) => {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: PUBLISHERS }, async () => {
      while (next < events) {
        const n = next++;
        await call('POST', '/v1/events', {
          id: `${prefix}_${n}`,
          type,
          merchant_id: MERCHANT,
          data: data(n),
        });
      }
    }),
  );
  return (performance.now() - started) / 1000;
};

/** Microseconds to validate one event's data with the type's compiled validator. */
const validationMicros = (events: number): number => {
  const { validate } = compileDataSchema(SCHEMA);
  const bodies = Array.from({ length: events }, (_, n) => data(n));
  for (const body of bodies) if (!validate(body)) throw new Error('the data does not match');
  const started = performance.now();
  for (const body of bodies) validate(body);
  return ((performance.now() - started) * 1000) / events;
};

export const validationBenchmark = async ({
  quick,
}: BenchmarkOptions): Promise<BenchmarkResult> => {
  const events = quick ? 1000 : 4000;
  const rounds = quick ? 3 : 5;
  return inTempDir(async (dir) => {
    const server = await startBenchServer(serverEnv(dir));
    try {
      const call = api(server.url);
      await call('POST', '/v1/event-types', {
        name: STRICT_TYPE,
        description: 'A shipment left the warehouse.',
        schema: SCHEMA,
        examples: [data(0)],
      });
      // Both paths once, compiled as they run: not counted.
      await burst(call, 'order.created', 'evt_open_0', 500);
      await burst(call, STRICT_TYPE, 'evt_strict_0', 500);
      const measured: Array<{ open: number; strict: number }> = [];
      for (let round = 1; round <= rounds; round++) {
        process.stderr.write(`  … schema validation, round ${round} of ${rounds}\n`);
        const open = () => burst(call, 'order.created', `evt_open_${round}`, events);
        const strict = () => burst(call, STRICT_TYPE, `evt_strict_${round}`, events);
        if (round % 2) {
          const o = await open();
          measured.push({ open: o, strict: await strict() });
        } else {
          const s = await strict();
          measured.push({ open: await open(), strict: s });
        }
      }
      const perEvent = (seconds: number) => (seconds / events) * 1e6;
      table(
        measured.map((m, i) => ({
          round: i + 1,
          'open schema, µs/publish': perEvent(m.open).toFixed(1),
          'strict schema, µs/publish': perEvent(m.strict).toFixed(1),
          cost: `${((m.strict / m.open - 1) * 100).toFixed(1)} %`,
        })),
      );
      const ratio = median(measured.map((m) => m.strict / m.open));
      const alone = validationMicros(events);
      const openPerEvent = median(measured.map((m) => perEvent(m.open)));
      return {
        name: 'validation',
        title: 'Publish-time schema validation',
        figures: [
          {
            what: `publishing ${events} events of a type whose schema checks every field`,
            value: median(measured.map((m) => perEvent(m.strict))),
            unit: 'µs/publish',
            against: {
              what: 'the same publishes of a type with an open schema',
              value: openPerEvent,
            },
            ratio,
            target: { ratio: TARGET, is: 'at most' },
          },
        ],
        notes: [
          `${rounds} rounds of two bursts of ${events} publishes from ${PUBLISHERS} publishers on one server, in alternate order: \`${STRICT_TYPE}\`, registered with a schema of required fields, patterns, formats, an enum and an array of objects, and \`order.created\` with its open schema; the ratio is the median of the rounds' ratios (${measured.map((m) => (m.strict / m.open).toFixed(3)).join(', ')}). The schema is compiled once per type version; validating one event with it, alone in the benchmark's process, takes ${alone.toFixed(2)} µs, ${((alone / openPerEvent) * 100).toFixed(2)} % of a publish.`,
        ],
      };
    } finally {
      await server.stop();
    }
  });
};
