/** `npm run bench`: every benchmark, each printing its figures beside its ceiling. */
import { appendBenchmark } from './append.js';
import { deliveryBenchmark } from './delivery.js';
import { loadBenchmark } from './load.js';
import { processBenchmark } from './processes.js';
import { rebuildBenchmark } from './rebuild.js';

const benchmarks: Record<string, (options: { quick: boolean }) => Promise<void>> = {
  append: appendBenchmark,
  delivery: deliveryBenchmark,
  load: loadBenchmark,
  processes: processBenchmark,
  rebuild: rebuildBenchmark,
};

const args = process.argv.slice(2);
// `--quick`: smaller data, for a check of the ratios on a laptop.
const quick = args.includes('--quick');
const only = args.filter((arg) => !arg.startsWith('--'));
for (const [name, run] of Object.entries(benchmarks)) {
  if (only.length === 0 || only.includes(name)) await run({ quick });
}
