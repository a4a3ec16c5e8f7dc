/**
 * `npm run bench [-- <name>…] [--quick]`: runs the benchmarks (all, or those named), each printing
 * its figures beside its ceiling, and writes bench/RESULTS.md from the figures of those that ran
 * (those named replace their own sections of the report, and leave the others as they were).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { appendBenchmark } from './append.js';
import { backlogBenchmark } from './backlog.js';
import { deliveryBenchmark } from './delivery.js';
import type { Benchmark, BenchmarkResult } from './figures.js';
import { growthBenchmark } from './growth.js';
import { hostileBenchmark } from './hostile.js';
import { loadBenchmark } from './load.js';
import { memoryBenchmark } from './memory.js';
import { postgresBenchmark } from './postgres.js';
import { processBenchmark } from './processes.js';
import { rebuildBenchmark } from './rebuild.js';
import { scaleoutBenchmark } from './scaleout.js';
import { sealingBenchmark } from './sealing.js';
import { writeResults } from './results.js';
import { validationBenchmark } from './validation.js';

/** One line per benchmark: its name on the command line, and the function that returns its figures. */
const benchmarks: Record<string, Benchmark> = {
  append: appendBenchmark,
  delivery: deliveryBenchmark,
  load: loadBenchmark,
  processes: processBenchmark,
  rebuild: rebuildBenchmark,
  growth: growthBenchmark,
  memory: memoryBenchmark,
  backlog: backlogBenchmark,
  postgres: postgresBenchmark,
  scaleout: scaleoutBenchmark,
  hostile: hostileBenchmark,
  validation: validationBenchmark,
  sealing: sealingBenchmark,
};

// Run from dist/bench: the report and its hand-written part live in the source folder.
const source = (name: string) => fileURLToPath(new URL(`../../bench/${name}`, import.meta.url));

const args = process.argv.slice(2);
// `--quick`: smaller data and shorter runs, for a check of the ratios on a laptop.
const quick = args.includes('--quick');
const only = args.filter((arg) => !arg.startsWith('--'));
const unknown = only.filter((name) => !(name in benchmarks));
if (unknown.length > 0) {
  console.error(
    `unknown benchmark: ${unknown.join(', ')} (known: ${Object.keys(benchmarks).join(', ')})`,
  );
  process.exit(2);
}

const startedAt = new Date();
const results: BenchmarkResult[] = [];
for (const [name, run] of Object.entries(benchmarks)) {
  if (only.length > 0 && !only.includes(name)) continue;
  const started = performance.now();
  results.push(await run({ quick }));
  console.log(`(${name}: ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
const seconds = (Date.now() - startedAt.getTime()) / 1000;
// A quick run of some benchmarks only would put quick figures among full ones: it prints them only.
if (quick && only.length > 0) {
  console.log('\nbench/RESULTS.md left as it was (a quick run of some benchmarks only)');
  process.exit(0);
}
writeResults(
  source('RESULTS.md'),
  { results, quick, startedAt, seconds, fixes: readFileSync(source('fixes.md'), 'utf8') },
  only.length > 0,
);
console.log(`\nbench/RESULTS.md written (${results.length} benchmarks, ${seconds.toFixed(0)} s)`);
