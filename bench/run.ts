/** `npm run bench`: every benchmark, each printing its figures beside its ceiling. */
import { appendBenchmark } from './append.js';
import { deliveryBenchmark } from './delivery.js';
import { processBenchmark } from './processes.js';

const benchmarks: Record<string, () => Promise<void>> = {
  append: appendBenchmark,
  delivery: deliveryBenchmark,
  processes: processBenchmark,
};

const only = process.argv.slice(2);
for (const [name, run] of Object.entries(benchmarks)) {
  if (only.length === 0 || only.includes(name)) await run();
}
