/**
 * Bounded memory: the embedded server (its own process) holding a long history and 10,000 endpoints
 * for one merchant, delivering a steady stream of events to a receiver on 127.0.0.1. Its peak RSS
 * is measured against the target of 300 MB, and its memory over the run against its memory at the
 * start of it: a leak in subscriptions, timers, idempotency records or rate-limit state would show
 * as growth.
 */
import { BUSY_MERCHANT, UNCHANNELLED, openDataset } from './dataset.js';
import type { BenchmarkOptions, BenchmarkResult } from './figures.js';
import { withinCeiling } from './figures.js';
import { historyWriter } from './history.js';
import type { MemorySample } from './memorySampler.js';
import { heapUsedMb, mean, processMemory, slope } from './memorySampler.js';
import { startReceiver } from './receiver.js';
import { apiClient } from './sampling.js';
import { startBenchServer } from './serverProcess.js';
import { inTempDir, table } from './support.js';

const ADMIN = 'sk_bench_memory_admin_key_0123456789abcd';
const ENDPOINTS = 10_000;
const EVENTS_PER_S = 50;
const TARGET_MB = 300;

export const memoryBenchmark = async ({ quick }: BenchmarkOptions): Promise<BenchmarkResult> => {
  const history = quick ? 20_000 : 1_000_000;
  const seconds = quick ? 15 : 600;
  const receiver = await startReceiver();
  const phase = (name: string) => process.stderr.write(`  … ${name}\n`);
  try {
    return await inTempDir(async (dir) => {
      phase(`${history} events, ${ENDPOINTS} endpoints`);
      const dataset = await openDataset(dir, receiver.url);
      const events = await historyWriter()(dataset.eventStore, history);
      await dataset.addEndpoints(0, ENDPOINTS);
      await dataset.close();

      phase(`delivering for ${seconds} s`);
      const server = await startBenchServer({
        SLUICE_DATA_DIR: dir,
        SLUICE_ADMIN_KEY: ADMIN,
        SLUICE_ALLOW_HTTP_URLS: 'true',
        SLUICE_ALLOW_PRIVATE_URLS: 'true',
      });
      const api = apiClient(server.url, ADMIN);
      const samples: MemorySample[] = [];
      let published = 0;
      let peakMb = 0;
      try {
        const started = performance.now();
        const elapsed = () => (performance.now() - started) / 1000;
        let nextSample = 0;
        while (elapsed() < seconds) {
          // A steady rate: each event reaches the unchannelled endpoints and one tenant's.
          const due = started + (published * 1000) / EVENTS_PER_S;
          const wait = due - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          await api.call('POST', '/v1/events', {
            id: `evt_memory_${published}`,
            type: 'order.created',
            merchant_id: BUSY_MERCHANT,
            channels: [`tenant_${UNCHANNELLED + (published % (ENDPOINTS - UNCHANNELLED))}`],
            data: { order_id: `ord_${published}`, amount: 1999 },
          });
          published++;
          if (elapsed() >= nextSample) {
            nextSample += 1;
            const memory = processMemory(server.child.pid!);
            peakMb = Math.max(peakMb, memory.peakMb);
            samples.push({
              atS: elapsed(),
              rssMb: memory.rssMb,
              heapMb: await heapUsedMb(server.url),
            });
          }
        }
        peakMb = Math.max(peakMb, processMemory(server.child.pid!).peakMb);
      } finally {
        await api.close();
        await server.stop();
      }
      const deliveries = published * (UNCHANNELLED + 1);
      const received = receiver.count();

      // The first fifth warms up (caches fill, code is compiled); growth is judged after it.
      const settled = samples.filter((s) => s.atS >= seconds / 5);
      const third = Math.max(1, Math.floor(settled.length / 3));
      const early = settled.slice(0, third);
      const late = settled.slice(-third);
      const perMinute = (field: 'rssMb' | 'heapMb') =>
        slope(settled.map((s) => ({ x: s.atS / 60, y: s[field] })));
      const rows = [
        { what: 'peak RSS (VmHWM)', MB: peakMb.toFixed(1) },
        {
          what: 'RSS, first third after warm-up (mean)',
          MB: mean(early.map((s) => s.rssMb)).toFixed(1),
        },
        { what: 'RSS, last third (mean)', MB: mean(late.map((s) => s.rssMb)).toFixed(1) },
        { what: 'heap used, first third (mean)', MB: mean(early.map((s) => s.heapMb)).toFixed(1) },
        { what: 'heap used, last third (mean)', MB: mean(late.map((s) => s.heapMb)).toFixed(1) },
      ];
      console.log(
        `\nMemory of the server: ${events} events, ${ENDPOINTS} endpoints, ${published} events published at ${EVENTS_PER_S}/s over ${seconds} s (${deliveries} deliveries)`,
      );
      table(rows);
      console.log(
        `slope after warm-up: RSS ${perMinute('rssMb').toFixed(2)} MB/min, heap ${perMinute('heapMb').toFixed(2)} MB/min; target: peak < ${TARGET_MB} MB, no growth`,
      );
      return {
        name: 'memory',
        title: 'Memory of the embedded server while delivering',
        figures: [
          withinCeiling(
            'peak RSS of the server (VmHWM)',
            peakMb,
            'MB',
            { what: 'the target', value: TARGET_MB },
            1,
          ),
          withinCeiling(
            'RSS, last third of the run (mean)',
            mean(late.map((s) => s.rssMb)),
            'MB',
            { what: 'RSS, first third after warm-up', value: mean(early.map((s) => s.rssMb)) },
            1.1,
          ),
          withinCeiling(
            'heap used, last third of the run (mean)',
            mean(late.map((s) => s.heapMb)),
            'MB',
            {
              what: 'heap used, first third after warm-up',
              value: mean(early.map((s) => s.heapMb)),
            },
            1.1,
          ),
        ],
        notes: [
          `The server holds ${events} events and ${ENDPOINTS} endpoints of one merchant, and delivers ${EVENTS_PER_S} events/s (${UNCHANNELLED + 1} deliveries each, ${deliveries} in all) to a receiver on 127.0.0.1 for ${seconds} s; the receiver had ${received} of them when the server stopped. RSS and heap sampled every second (${samples.length} samples).`,
          `Slope after the first fifth of the run (warm-up): RSS ${perMinute('rssMb').toFixed(2)} MB/min, heap used ${perMinute('heapMb').toFixed(2)} MB/min. "No growth" is judged as the last third against the first third, within 10 %.`,
        ],
      };
    });
  } finally {
    await receiver.close();
  }
};
