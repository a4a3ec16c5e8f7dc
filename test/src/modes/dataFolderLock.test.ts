import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { DataFolderBusy, lockDataFolder } from '../../../src/modes/dataFolderLock.js';
import { tempDir } from '../../support/tempDir.js';

const ignore = () => {};

/** Leaves the lock as a holder that never released it would: the directory and its owner. */
const leftBehind = (dir: string, owner: { pid: number; host: string }, ageMs = 0) => {
  mkdirSync(join(dir, 'sluice.lock'));
  const at = new Date(Date.now() - ageMs);
  utimesSync(join(dir, 'sluice.lock'), at, at);
  writeFileSync(
    join(dir, 'sluice.lock.json'),
    JSON.stringify({ ...owner, holder: 'the server', since: at.toISOString() }),
  );
};

describe('data folder lock', () => {
  const dirs: Array<ReturnType<typeof tempDir>> = [];
  const fresh = () => {
    const dir = tempDir();
    dirs.push(dir);
    return dir.path;
  };
  after(() => dirs.forEach((dir) => dir.remove()));

  it('is held by one holder at a time, names it, and is free again once released', async () => {
    const dir = fresh();
    const held = await lockDataFolder(dir, 'the server', ignore);
    expect(JSON.parse(readFileSync(join(dir, 'sluice.lock.json'), 'utf8'))).to.include({
      pid: process.pid,
      host: hostname(),
      holder: 'the server',
    });
    const refused = await lockDataFolder(dir, 'sluice keys create', ignore).catch(
      (e: unknown) => e,
    );
    expect(refused).to.be.instanceOf(DataFolderBusy);
    expect((refused as Error).message).to.equal(
      `the data folder ${dir} is in use by the server (pid ${process.pid})`,
    );
    await held.release();
    expect(existsSync(join(dir, 'sluice.lock'))).to.equal(false);
    expect(existsSync(join(dir, 'sluice.lock.json'))).to.equal(false);
    await (await lockDataFolder(dir, 'sluice keys create', ignore)).release();
  });

  it('takes over at once a lock whose holder on this machine has died', async () => {
    const dir = fresh();
    const child = spawn(process.execPath, ['-e', '0']);
    const pid = child.pid!;
    await new Promise((resolve) => child.on('exit', resolve));
    leftBehind(dir, { pid, host: hostname() });
    const held = await lockDataFolder(dir, 'sluice projections rebuild', ignore);
    expect(JSON.parse(readFileSync(join(dir, 'sluice.lock.json'), 'utf8')).pid).to.equal(
      process.pid,
    );
    await held.release();
  });

  it('waits for the lock of another machine to go stale', async () => {
    const dir = fresh();
    leftBehind(dir, { pid: process.pid, host: 'elsewhere' });
    const refused = await lockDataFolder(dir, 'the server', ignore).catch((e: unknown) => e);
    expect((refused as Error).message).to.include(`(pid ${process.pid} on elsewhere)`);

    const stale = fresh();
    leftBehind(stale, { pid: process.pid, host: 'elsewhere' }, 60_000);
    await (await lockDataFolder(stale, 'the server', ignore)).release();
  });

  it('refuses a lock whose owner is not known yet', async () => {
    const dir = fresh();
    mkdirSync(join(dir, 'sluice.lock'));
    const refused = await lockDataFolder(dir, 'the server', ignore).catch((e: unknown) => e);
    expect((refused as Error).message).to.equal(
      `the data folder ${dir} is in use by another process (pid unknown)`,
    );
  });

  it('takes over a lock whose holder died before it could write down that it held it', async () => {
    const dir = fresh();
    const child = spawn(process.execPath, ['-e', '0']);
    const pid = child.pid!;
    await new Promise((resolve) => child.on('exit', resolve));
    // What a server killed between taking the lock and naming itself leaves: the lock, and the
    // note it wrote under its pid before taking it.
    mkdirSync(join(dir, 'sluice.lock'));
    writeFileSync(
      join(dir, `sluice.lock.json.${pid}`),
      JSON.stringify({ pid, host: hostname(), holder: 'the server', since: new Date() }),
    );
    const held = await lockDataFolder(dir, 'the server', ignore);
    expect(JSON.parse(readFileSync(join(dir, 'sluice.lock.json'), 'utf8')).pid).to.equal(
      process.pid,
    );
    expect(existsSync(join(dir, `sluice.lock.json.${pid}`))).to.equal(false);
    await held.release();
  });

  it('refuses a lock without its owner while a process that may hold it lives', async () => {
    const dir = fresh();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      mkdirSync(join(dir, 'sluice.lock'));
      writeFileSync(
        join(dir, `sluice.lock.json.${child.pid}`),
        JSON.stringify({ pid: child.pid, host: hostname(), holder: 'the server', since: 0 }),
      );
      const refused = await lockDataFolder(dir, 'the server', ignore).catch((e: unknown) => e);
      expect(refused).to.be.instanceOf(DataFolderBusy);
      expect(existsSync(join(dir, `sluice.lock.json.${process.pid}`))).to.equal(false);
    } finally {
      child.kill();
    }
  });
});
