import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const LOGGER = fileURLToPath(new URL('../../../src/logging/logger.js', import.meta.url));

describe('the logger', () => {
  it("writes a quiet process's line within a second or so, without waiting for 4 KiB", async () => {
    // A process that logs one short line and stays up: the line must reach standard output while
    // it runs, not only when it ends.
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { createLogger } = await import(${JSON.stringify(LOGGER)});
         createLogger().info({ n: 1 }, 'a quiet line');
         setTimeout(() => {}, 10_000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      const started = Date.now();
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('\n')) resolve(out);
        });
        child.once('exit', () => reject(new Error('the process ended before writing')));
        setTimeout(() => reject(new Error(`nothing written in 5 s: ${out}`)), 5000);
      });
      expect(JSON.parse(line)).to.include({ msg: 'a quiet line', n: 1 });
      expect(Date.now() - started).to.be.below(4000);
    } finally {
      child.kill();
    }
  });
});
