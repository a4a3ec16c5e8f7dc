import { expect } from 'chai';
import { allProjections } from '../../projections/index.js';
import { runCli } from '../support/cli.js';
import { tempDir } from '../support/tempDir.js';
import { startTestService } from '../support/testService.js';

const NAMES = allProjections.map((p) => p.name);

describe('cli: projections status and rebuild', function () {
  this.timeout(30_000);
  const dir = tempDir();
  let head: string;

  before(async () => {
    const service = await startTestService({}, { dataDir: dir.path });
    await service.api.post('/v1/api-keys', service.admin, {
      role: 'merchant',
      merchant_id: 'mer_acme',
    });
    for (const n of [1, 2, 3]) {
      await service.api.post('/v1/events', service.admin, {
        type: 'order.created',
        merchant_id: 'mer_acme',
        data: { n },
      });
    }
    head = (await service.services.eventStore.headPosition())!;
    await service.close();
  });
  after(() => dir.remove());

  it('shows every projection with its checkpoint and lag, as a table and as JSON', async () => {
    const table = await runCli(dir.path, ['projections', 'status']);
    expect(table.code, table.stderr).to.equal(0);
    const lines = table.stdout.split('\n');
    expect(lines[0]).to.match(/^NAME\s+CHECKPOINT\s+LAG\s+STATUS$/);
    for (const name of NAMES)
      expect(table.stdout).to.match(new RegExp(`^${name}\\s+(\\d+|-)\\s+\\d+\\s+stopped$`, 'm'));

    const json = await runCli(dir.path, ['projections', 'status', '--json']);
    const statuses = JSON.parse(json.stdout) as Array<Record<string, any>>;
    expect(statuses.map((s) => s.name)).to.deep.equal(NAMES);
    for (const s of statuses) {
      expect(s).to.have.keys('name', 'checkpoint', 'lag', 'status', 'last_error', 'rebuild');
      expect(s.status).to.equal('stopped');
      expect(Number(s.checkpoint) + s.lag).to.equal(Number(head));
    }
  });

  it('rebuilds one projection from the whole log, which the server then serves', async () => {
    const run = await runCli(dir.path, ['projections', 'rebuild', 'events']);
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.match(
      new RegExp(`^Rebuilt events from ${head} events in [\\d.]+ s\\.$`, 'm'),
    );
    expect(run.stdout).to.not.include('api_keys');
    // A terminal gets a progress bar; a pipe gets nothing but the result.
    expect(run.stderr).to.equal('');

    const statuses = JSON.parse(
      (await runCli(dir.path, ['projections', 'status', '--json'])).stdout,
    );
    expect(statuses.find((s: { name: string }) => s.name === 'events')).to.include({
      checkpoint: head,
      lag: 0,
    });

    const service = await startTestService({}, { dataDir: dir.path });
    try {
      const events = await service.api.get('/v1/events?merchant_id=mer_acme', service.admin);
      expect(events.body.data.map((e: { data: { n: number } }) => e.data.n)).to.deep.equal([
        3, 2, 1,
      ]);
    } finally {
      await service.close();
    }
  });

  it('rebuilds them all when no name is given', async () => {
    const run = await runCli(dir.path, ['projections', 'rebuild']);
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout.match(/^Rebuilt (\S+)/gm)).to.deep.equal(NAMES.map((n) => `Rebuilt ${n}`));
  });

  it('refuses an unknown projection, listing the names (usage error)', async () => {
    const run = await runCli(dir.path, ['projections', 'rebuild', 'invoices']);
    expect(run.code).to.equal(2);
    expect(run.stderr).to.include("'invoices' is invalid").and.include(NAMES.join(', '));
    expect(run.stdout).to.equal('');
  });

  it('explains itself with --help', async () => {
    const run = await runCli(dir.path, ['projections', 'rebuild', '--help']);
    expect(run.code).to.equal(0);
    expect(run.stdout).to.include('Usage: sluice projections rebuild').and.include('[name]');
    const top = await runCli(dir.path, ['--help']);
    expect(top.code).to.equal(0);
    for (const command of ['projections', 'webhooks', 'keys', 'events', '--data-dir'])
      expect(top.stdout).to.include(command);
    const help = await runCli(dir.path, ['help']);
    expect(help.code, help.stderr).to.equal(0);
    expect(help.stdout).to.equal(top.stdout);
    const replay = await runCli(dir.path, ['webhooks', 'replay', '--help']);
    expect(replay.code).to.equal(0);
    expect(replay.stdout).to.include('--no-only-failed').and.not.include('--all');
  });

  it('refuses a folder that holds no data, rather than creating one', async () => {
    const empty = tempDir();
    try {
      const run = await runCli(empty.path, ['projections', 'status']);
      expect(run.code).to.equal(1);
      expect(run.stderr.trim()).to.equal(
        `sluice: no Sluice data in ${empty.path} (no sluice.db); pass --data-dir or set SLUICE_DATA_DIR`,
      );
      const flag = await runCli('/elsewhere', ['--data-dir', empty.path, 'projections', 'status']);
      expect(flag.stderr).to.include(empty.path);
    } finally {
      empty.remove();
    }
  });
});
