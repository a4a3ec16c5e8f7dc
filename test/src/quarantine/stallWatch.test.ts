import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tempDir } from '../../support/tempDir.js';

const CHILD = fileURLToPath(new URL('../../support/children/stallUnderWork.js', import.meta.url));

/** Runs the child to its end (or kills it once it is working, when told to); its output. */
const child = (dir: string, key: string, how: string, killWhenWorking = false) =>
  new Promise<string>((resolve) => {
    const process_ = spawn(process.execPath, [CHILD, dir, key, how], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let output = '';
    process_.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (killWhenWorking && output.includes('working')) process_.kill('SIGKILL');
    });
    process_.on('exit', () => resolve(output));
  });

const demotedAtStart = async (dir: string, key: string) =>
  (await child(dir, key, 'check')).includes('demoted: true');

describe('the stall watch', function () {
  this.timeout(30_000);

  it('demotes, from the next start on, the work under way when the service stalled to death', async () => {
    const dir = tempDir();
    try {
      const key = 'expression:poison';
      const first = await child(dir.path, key, 'stall');
      expect(first).to.include('demoted: false').and.include('working');
      expect(await demotedAtStart(dir.path, key)).to.equal(true);
      // Kept across starts, its journal taken up; other work is not held against.
      expect(await demotedAtStart(dir.path, key)).to.equal(true);
      expect(await demotedAtStart(dir.path, 'expression:other')).to.equal(false);
      expect(readdirSync(dir.path).filter((name) => name.startsWith('stalled-'))).to.deep.equal([]);
    } finally {
      dir.remove();
    }
  });

  it('watches again, once rested, as soon as hazardous work begins', async () => {
    const dir = tempDir();
    try {
      // Two idle seconds: the heartbeat and the watch rest (an idle service wakes for neither).
      const first = await child(dir.path, 'expression:late', 'rested-stall');
      expect(first).to.include('working');
      expect(await demotedAtStart(dir.path, 'expression:late')).to.equal(true);
    } finally {
      dir.remove();
    }
  });

  it('holds nothing against work the service died after, or under without a stall', async () => {
    const dir = tempDir();
    try {
      // The stall ended and the work with it: the process died later, of something else.
      expect(await child(dir.path, 'expression:brief', 'brief')).to.include('working');
      expect(await demotedAtStart(dir.path, 'expression:brief')).to.equal(false);
      // Killed while the work waited: an operator's kill, not the work's doing.
      expect(await child(dir.path, 'expression:waiting', 'waiting', true)).to.include('working');
      expect(await demotedAtStart(dir.path, 'expression:waiting')).to.equal(false);
    } finally {
      dir.remove();
    }
  });
});
