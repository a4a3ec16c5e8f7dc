/**
 * Starts the stall watch on a folder as a service's start does, prints whether work of the key is
 * demoted (`demoted: true|false`), then, as told, does watched work of that key:
 * - `stall`: spins for a second, then dies as V8 does when memory runs out (an abort);
 * - `rested-stall`: the same, after two idle seconds in which the watch's heartbeat rests;
 * - `brief`: spins for half a second, ends well, and dies the same way a little later;
 * - `waiting`: waits (no stall) to be killed;
 * - `check`: nothing, and ends.
 * Prints `working` once the work has begun. Run as a child process by the stall watch's tests.
 */
import { silentLogger } from '../../../src/logging/logger.js';
import { isDemoted, startStallWatch, watched } from '../../../src/quarantine/stallWatch.js';

const [dir, key, how] = process.argv.slice(2);
if (!dir || !key || !how) throw new Error('usage: stallUnderWork <dir> <key> <how>');

const spin = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const watch = startStallWatch(dir, silentLogger());
process.stdout.write(`demoted: ${isDemoted(key)}\n`);
if (how === 'rested-stall') await sleep(2_000);
if (how === 'check') await watch.stop();
else
  await watched(key, async () => {
    // A beat first, as work begins in a turn of the loop after others.
    await sleep(50);
    process.stdout.write('working\n');
    if (how === 'stall' || how === 'rested-stall') {
      spin(1_000);
      process.abort();
    }
    if (how === 'brief') spin(500);
    if (how === 'waiting') await new Promise(() => setInterval(() => undefined, 1_000));
  }).then(async () => {
    await sleep(300);
    process.abort();
  });
