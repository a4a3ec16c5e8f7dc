import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '../../domain/shared/envelope.js';
import { emptyMetadata } from '../../domain/shared/envelope.js';
import { auditEntry } from '../../src/audit/auditEntry.js';
import { CLI, jsonLines, runCli } from '../support/cli.js';
import { tempDir } from '../support/tempDir.js';
import { startTestService } from '../support/testService.js';

/** More than a pipe holds, so that a reader that stops early leaves the writer blocked. */
const BULK = 3000;

describe('cli: events export', function () {
  this.timeout(30_000);
  const dir = tempDir();
  let log: RecordedEvent[];

  before(async () => {
    const service = await startTestService({}, { dataDir: dir.path });
    const { eventStore } = service.services;
    for (let batch = 0; batch < BULK / 500; batch++) {
      const merchant = batch % 2 === 0 ? 'mer_acme' : 'mer_globex';
      const appended = await eventStore.append(
        `audit-${batch}`,
        Array.from({ length: 500 }, (_, i) => ({
          id: randomUUID(),
          type: i % 10 === 0 ? 'extension.tick' : 'extension.tock',
          data: { batch, i, text: 'x'.repeat(100) },
          metadata: { ...emptyMetadata(), merchant_id: merchant, actor: 'test' },
        })),
        'any',
      );
      expect(appended._tag).to.equal('Right');
    }
    log = [];
    for (let after: RecordedEvent['position'] | undefined; ;) {
      const page = await eventStore.readAll({ ...(after && { after }), limit: 10_000 });
      log.push(...page.events);
      after = page.scannedTo;
      if (page.atEnd) break;
    }
    await service.close();
  });
  after(() => dir.remove());

  it('writes the whole log as JSON lines, oldest first, in the audit shape', async () => {
    const run = await runCli(dir.path, ['events', 'export']);
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stderr).to.equal('');
    const lines = jsonLines(run.stdout);
    expect(lines).to.have.length(log.length).and.be.at.least(BULK);
    expect(lines).to.deep.equal(log.map(auditEntry));
    expect(lines[0]).to.have.keys(
      'position',
      'stream',
      'revision',
      'id',
      'type',
      'merchant_id',
      'recorded_at',
      'data',
      'metadata',
    );
  });

  it('filters by type, merchant and stream, and starts after a position', async () => {
    const ticks = jsonLines(
      (await runCli(dir.path, ['events', 'export', '--type', 'extension.tick'])).stdout,
    );
    expect(ticks.map((e) => e.id)).to.deep.equal(
      log.filter((e) => e.type === 'extension.tick').map((e) => e.id),
    );
    const globex = jsonLines(
      (
        await runCli(dir.path, [
          'events',
          'export',
          '--merchant',
          'mer_globex',
          '--stream',
          'audit-3',
        ])
      ).stdout,
    );
    expect(globex).to.have.length(500);
    expect(globex.every((e) => e.merchant_id === 'mer_globex' && e.stream === 'audit-3')).to.equal(
      true,
    );

    const from = log[log.length - 3]!.position;
    const tail = jsonLines((await runCli(dir.path, ['events', 'export', '--from', from])).stdout);
    expect(tail.map((e) => e.position)).to.deep.equal(log.slice(-2).map((e) => e.position));
  });

  it('stops quietly when the reader goes away (| head)', async () => {
    const child = spawn(process.execPath, [CLI, 'events', 'export'], {
      env: { ...process.env, SLUICE_DATA_DIR: dir.path },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const first = await new Promise<string>((resolve) =>
      child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString())),
    );
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(JSON.parse(first.split('\n')[0]!)).to.include({ position: log[0]!.position });
    expect(code).to.equal(0);
    expect(stderr).to.equal('');
    // The folder is free again: the lock went with the process.
    expect(
      (await runCli(dir.path, ['events', 'export', '--from', log.at(-1)!.position])).code,
    ).to.equal(0);
  });

  it('refuses a position that is not one', async () => {
    const run = await runCli(dir.path, ['events', 'export', '--from', 'yesterday']);
    expect(run.code).to.equal(2);
    expect(run.stderr).to.include('expected a position');
  });
});
