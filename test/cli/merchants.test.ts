import { expect } from 'chai';
import { isRight } from 'fp-ts/lib/Either.js';
import { merchantErasureDecider, merchantStream } from '../../domain/merchants/merchantErasure.js';
import { handleCommand } from '../../src/commands/handleCommand.js';
import { cliMetadata, withDataFolder } from '../../src/cli/dataFolder.js';
import { apiClient } from '../support/apiClient.js';
import { jsonLines, runCli } from '../support/cli.js';
import { startServerProcess } from '../support/serverProcess.js';
import { tempDir } from '../support/tempDir.js';

const ADMIN = 'sk_cli_erasures_test_admin_key_0123456789';

describe('cli: merchants erasures', function () {
  this.timeout(60_000);
  const dir = tempDir();
  const env = { SLUICE_DATA_DIR: dir.path, SLUICE_ADMIN_KEY: ADMIN };

  before(async () => {
    const server = await startServerProcess(env);
    try {
      const api = apiClient(server.url);
      const erase = async (merchant: string, reason: string) => {
        const res = await api.post(`/v1/merchants/${merchant}/erase`, ADMIN, { reason });
        expect(res.status, res.text).to.equal(202);
      };
      for (const merchant of ['mer_acme', 'mer_globex']) {
        const res = await api.post('/v1/events', ADMIN, {
          type: 'order.created',
          merchant_id: merchant,
          data: { order_id: 'o_1' },
        });
        expect(res.status, res.text).to.equal(201);
      }
      await erase('mer_acme', 'GDPR request 41');
      await erase('mer_globex', 'contract ended\nall data to go');
      await erase('mer_acme', 'GDPR request 42');
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).to.equal(0);
    }
    // Recorded while no projector ran: the command brings the read model up to the log first.
    await withDataFolder(dir.path, 'test', async ({ log }) => {
      const recorded = await handleCommand(
        log,
        merchantErasureDecider,
        merchantStream('mer_initech'),
        {
          type: 'record_erasure',
          merchant_id: 'mer_initech',
          erased_at: new Date().toISOString(),
          reason: 'closed account',
          keys_destroyed: 0,
        },
        cliMetadata('mer_initech'),
      );
      expect(isRight(recorded)).to.equal(true);
    });
  });
  after(() => dir.remove());

  it('lists the erased merchants, newest erasure first, one line each', async () => {
    const run = await runCli(dir.path, ['merchants', 'erasures']);
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stderr).to.equal('');
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).to.have.length(4);
    expect(lines[0]).to.match(/^MERCHANT\s+ERASED_AT\s+ERASURES\s+REASON$/);
    const rows = lines.slice(1).map((line) => line.split(/\s{2,}/));
    expect(rows.map((row) => [row[0], row[2], row[3]])).to.deep.equal([
      ['mer_initech', '1', 'closed account'],
      ['mer_acme', '2', 'GDPR request 42'],
      // A line break in a reason is shown escaped: a row stays one line.
      ['mer_globex', '1', 'contract ended\\nall data to go'],
    ]);
    const times = rows.map((row) => Date.parse(row[1]!));
    expect(times.every((t) => t > 0)).to.equal(true);
    expect([...times].sort((a, b) => b - a)).to.deep.equal(times);
    // Aligned: every column starts where its header does.
    const at = (header: string) => lines[0]!.indexOf(header);
    for (const line of lines.slice(1)) {
      expect(line[at('ERASED_AT') - 1]).to.equal(' ');
      expect(line[at('ERASED_AT')]).to.match(/\d/);
      expect(line[at('REASON') - 1]).to.equal(' ');
    }
  });

  it('answers JSON lines as GET /v1/admin/erasures lists them with --json', async () => {
    const run = await runCli(dir.path, ['merchants', 'erasures', '--json']);
    expect(run.code, run.stderr).to.equal(0);
    const docs = jsonLines(run.stdout);
    expect(docs.map((d) => d.merchant_id)).to.deep.equal(['mer_initech', 'mer_acme', 'mer_globex']);
    expect(docs[2]).to.have.keys('id', 'object', 'merchant_id', 'erased_at', 'reason', 'erasures');
    expect(docs[2]).to.include({
      id: 'mer_globex',
      object: 'merchant_erasure',
      reason: 'contract ended\nall data to go',
      erasures: 1,
    });
    expect(docs[1]).to.include({ reason: 'GDPR request 42', erasures: 2 });

    // The same as the server lists.
    const server = await startServerProcess(env);
    try {
      const listed = await apiClient(server.url).get('/v1/admin/erasures', ADMIN);
      expect(listed.status, listed.text).to.equal(200);
      expect(listed.body.data).to.deep.equal(docs);
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).to.equal(0);
    }
  });

  it('says so when no merchant was erased', async () => {
    const fresh = tempDir();
    try {
      const server = await startServerProcess({ SLUICE_DATA_DIR: fresh.path });
      server.child.kill('SIGTERM');
      expect(await server.exited).to.equal(0);
      const run = await runCli(fresh.path, ['merchants', 'erasures']);
      expect(run.code, run.stderr).to.equal(0);
      expect(run.stdout).to.equal("No merchant's data has been erased.\n");
      const json = await runCli(fresh.path, ['merchants', 'erasures', '--json']);
      expect(json.code, json.stderr).to.equal(0);
      expect(json.stdout).to.equal('');
    } finally {
      fresh.remove();
    }
  });
});
