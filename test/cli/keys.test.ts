import { expect } from 'chai';
import { jsonLines, runCli } from '../support/cli.js';
import { tempDir } from '../support/tempDir.js';
import { startTestService } from '../support/testService.js';

describe('cli: keys create', function () {
  this.timeout(30_000);
  const dir = tempDir();

  before(async () => {
    await (await startTestService({}, { dataDir: dir.path })).close();
  });
  after(() => dir.remove());

  it('creates a merchant key offline, shown once, that the server then accepts', async () => {
    const run = await runCli(dir.path, [
      'keys',
      'create',
      '--role',
      'merchant',
      '--merchant',
      'mer_acme',
      '--name',
      'acme backend',
    ]);
    expect(run.code, run.stderr).to.equal(0);
    const id = /^id\s+(key_\w+)$/m.exec(run.stdout)?.[1];
    const key = /^key\s+(sk_\S+)$/m.exec(run.stdout)?.[1];
    expect(id).to.be.a('string');
    expect(key).to.be.a('string');
    expect(run.stdout)
      .to.match(/^role\s+merchant$/m)
      .and.match(/^merchant\s+mer_acme$/m);
    expect(run.stderr).to.include('shown this once').and.not.include(key!);

    const service = await startTestService({}, { dataDir: dir.path });
    try {
      const own = await service.api.get('/v1/api-keys', key);
      expect(own.status).to.equal(200);
      expect(own.body.data).to.have.length(1);
      expect(own.body.data[0]).to.include({ id, merchant_id: 'mer_acme', name: 'acme backend' });
    } finally {
      await service.close();
    }

    // Recorded like the API's creation, by the tool, and never with the key itself.
    const log = jsonLines(
      (await runCli(dir.path, ['events', 'export', '--type', 'api_key.created'])).stdout,
    );
    const created = log.find((e) => e.data.key_id === id)!;
    expect(created.metadata).to.include({ actor: 'sluice:cli', merchant_id: 'mer_acme' });
    expect(JSON.stringify(log)).to.not.include(key!);
  });

  it('answers JSON as the API does with --json', async () => {
    const run = await runCli(dir.path, ['keys', 'create', '--role', 'auditor', '--json']);
    expect(run.code, run.stderr).to.equal(0);
    const created = JSON.parse(run.stdout);
    expect(created).to.have.keys(
      'id',
      'object',
      'key',
      'role',
      'merchant_id',
      'name',
      'created_at',
    );
    expect(created).to.include({
      object: 'api_key',
      role: 'auditor',
      merchant_id: null,
      name: null,
    });
  });

  it('refuses what the API refuses, in one line', async () => {
    const noMerchant = await runCli(dir.path, ['keys', 'create', '--role', 'merchant']);
    expect(noMerchant.code).to.equal(1);
    expect(noMerchant.stderr).to.equal(
      'sluice: A merchant key needs a merchant_id. (--merchant: required when role is merchant)\n',
    );
    const adminWithMerchant = await runCli(dir.path, [
      'keys',
      'create',
      '--role',
      'admin',
      '--merchant',
      'mer_acme',
    ]);
    expect(adminWithMerchant.code).to.equal(1);
    expect(adminWithMerchant.stderr).to.include('Only a merchant key has a merchant_id, not admin');
    for (const run of [noMerchant, adminWithMerchant]) expect(run.stdout).to.equal('');
  });

  it('refuses a bad role, a bad merchant id and a missing role as usage errors', async () => {
    const badRole = await runCli(dir.path, ['keys', 'create', '--role', 'owner']);
    expect(badRole.code).to.equal(2);
    expect(badRole.stderr).to.include("'owner' is invalid").and.include('admin, merchant, auditor');
    const badMerchant = await runCli(dir.path, [
      'keys',
      'create',
      '--role',
      'merchant',
      '--merchant',
      'acme',
    ]);
    expect(badMerchant.code).to.equal(2);
    expect(badMerchant.stderr).to.include('expected a merchant id');
    const noRole = await runCli(dir.path, ['keys', 'create']);
    expect(noRole.code).to.equal(2);
    expect(noRole.stderr).to.include("required option '--role <role>' not specified");
  });
});
