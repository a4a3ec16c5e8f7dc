import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { encryptionKeyId } from '../../src/secrets/secretBox.js';
import { jsonLines, runCli } from '../support/cli.js';
import { withServerProcess } from '../support/serverProcess.js';
import { tempDir } from '../support/tempDir.js';

const ADMIN = 'sk_cli_rotate_key_test_admin_key_0123456789';
const ORDER = { order_id: 'o_before_rotation', total: 4200 };

type Sealed = { endpoint: string; secret: string; event: string };

/** The environment of one folder's server and tool; an empty key is the same as an unset one. */
const folderEnv = (dataDir: string, encryptionKey = '') => ({
  SLUICE_DATA_DIR: dataDir,
  SLUICE_ADMIN_KEY: ADMIN,
  SLUICE_ENCRYPTION_KEY: encryptionKey,
  SLUICE_ALLOW_HTTP_URLS: 'true',
  SLUICE_ALLOW_PRIVATE_URLS: 'true',
});

/** An endpoint's signing secret (sealed under the encryption key) and a business event's data. */
const sealSome = (env: Record<string, string>): Promise<Sealed> =>
  withServerProcess(env, async (api) => {
    const created = await api.post('/v1/webhooks', ADMIN, {
      merchant_id: 'mer_acme',
      url: 'http://127.0.0.1:9/hooks',
      filter_types: ['order.created'],
    });
    expect(created.status, created.text).to.equal(201);
    const endpoint = created.body.id as string;
    const secret = (await api.get(`/v1/webhooks/${endpoint}/secret`, ADMIN)).body.key as string;
    expect(secret).to.match(/^whsec_/);
    const published = await api.post('/v1/events', ADMIN, {
      type: 'order.created',
      merchant_id: 'mer_acme',
      data: ORDER,
    });
    expect(published.status, published.text).to.equal(201);
    return { endpoint, secret, event: published.body.id as string };
  });

/** What was sealed before a rotation opens on the server started after it. */
const stillOpens = (env: Record<string, string>, sealed: Sealed): Promise<void> =>
  withServerProcess(env, async (api) => {
    const secret = await api.get(`/v1/webhooks/${sealed.endpoint}/secret`, ADMIN);
    expect(secret.status, secret.text).to.equal(200);
    expect(secret.body.key).to.equal(sealed.secret);
    const event = await api.get(`/v1/events/${sealed.event}`, ADMIN);
    expect(event.status, event.text).to.equal(200);
    expect(event.body.data).to.deep.equal(ORDER);
    // And what is sealed now, under a data key made under the new key, opens too.
    const after = await api.post('/v1/events', ADMIN, {
      type: 'order.created',
      merchant_id: 'mer_globex',
      data: { order_id: 'o_after_rotation' },
    });
    expect(after.status, after.text).to.equal(201);
    const read = await api.get(`/v1/events/${after.body.id as string}`, ADMIN);
    expect(read.body.data).to.deep.equal({ order_id: 'o_after_rotation' });
  });

const rotate = (dataDir: string, args: string[], env: Record<string, string>) =>
  runCli(dataDir, ['encryption', 'rotate-key', ...args], env);

describe('cli: encryption rotate-key', function () {
  this.timeout(60_000);

  describe("with the key in the data folder's encryption.key", () => {
    const dir = tempDir();
    const env = folderEnv(dir.path);
    const keyFile = join(dir.path, 'encryption.key');
    let sealed: Sealed;

    before(async () => {
      sealed = await sealSome(env);
    });
    after(() => dir.remove());

    it('refuses a new key that is not one, or is the current one, and changes nothing', async () => {
      const before = readFileSync(keyFile, 'utf8');
      const refused = async (key: string, code: number, message: string) => {
        const run = await rotate(dir.path, ['--new-key', key], env);
        expect(run.code, run.stderr).to.equal(code);
        expect(run.stdout).to.equal('');
        expect(run.stderr).to.include(message);
        expect(readFileSync(keyFile, 'utf8')).to.equal(before);
        expect(existsSync(`${keyFile}.next`)).to.equal(false);
      };
      const notBase64 = "option '--new-key <base64>' argument";
      await refused('not a key', 2, notBase64);
      await refused(randomBytes(16).toString('base64'), 2, notBase64);
      await refused(randomBytes(32).toString('base64url').replace(/^./, '-'), 2, notBase64);
      await refused(
        before.trim(),
        1,
        'sluice: the new encryption key is the current one; give another, or none\n',
      );
      // The folder's data keys are still under the key the file holds.
      await stillOpens(env, sealed);
    });

    it('wraps the data keys again and replaces the file once the store has committed', async () => {
      const old = Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64');
      const run = await rotate(dir.path, ['--json'], env);
      expect(run.code, run.stderr).to.equal(0);
      const next = Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64');
      expect(next).to.have.length(32);
      expect(next.equals(old)).to.equal(false);
      expect(statSync(keyFile).mode & 0o777).to.equal(0o600);
      expect(existsSync(`${keyFile}.next`)).to.equal(false);
      const answer = JSON.parse(run.stdout);
      expect(answer).to.deep.equal({
        previous_key_id: encryptionKeyId(old),
        key_id: encryptionKeyId(next),
        // Two merchants have sealed payloads by now: mer_acme, and mer_globex after the refusals.
        data_keys_rewrapped: 2,
        key_file: keyFile,
      });
      expect(run.stdout + run.stderr).to.not.include(next.toString('base64'));
      expect(run.stderr).to.include(`Back up ${keyFile} with the data`);
      await stillOpens(env, sealed);
    });

    it('rotates again to a key given, never printing it, and the tool still opens the log', async () => {
      const previous = Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64');
      const chosen = randomBytes(32);
      const run = await rotate(dir.path, ['--new-key', chosen.toString('base64')], env);
      expect(run.code, run.stderr).to.equal(0);
      expect(readFileSync(keyFile, 'utf8')).to.equal(`${chosen.toString('base64')}\n`);
      expect(run.stdout)
        .to.match(new RegExp(`^previous key\\s+${encryptionKeyId(previous)}$`, 'm'))
        .and.match(new RegExp(`^new key\\s+${encryptionKeyId(chosen)}$`, 'm'))
        .and.match(/^rewrapped\s+2 data keys$/m)
        .and.match(new RegExp(`^key file\\s+${keyFile}$`, 'm'));
      expect(run.stdout + run.stderr).to.not.include(chosen.toString('base64'));
      // Two rotations on, the tool's own session opens the first payload.
      const exported = await runCli(dir.path, ['events', 'export', '--type', 'order.created'], env);
      expect(exported.code, exported.stderr).to.equal(0);
      const first = jsonLines(exported.stdout).find((e) => e.stream === `event-${sealed.event}`);
      expect(first?.data.data).to.deep.equal(ORDER);
      await stillOpens(env, sealed);
    });
  });

  describe('with the key in SLUICE_ENCRYPTION_KEY', () => {
    const dir = tempDir();
    const keyFile = join(dir.path, 'encryption.key');
    const first = randomBytes(32).toString('base64');
    let sealed: Sealed;

    before(async () => {
      sealed = await sealSome(folderEnv(dir.path, first));
      expect(existsSync(keyFile)).to.equal(false);
    });
    after(() => dir.remove());

    it('prints a new key once, leaves the folder alone, and the old key no longer opens', async () => {
      const run = await rotate(dir.path, [], folderEnv(dir.path, first));
      expect(run.code, run.stderr).to.equal(0);
      const shown = /^key\s+(\S+)$/m.exec(run.stdout)?.[1] ?? '';
      const second = Buffer.from(shown, 'base64');
      expect(second).to.have.length(32);
      expect(run.stdout)
        .to.match(
          new RegExp(`^previous key\\s+${encryptionKeyId(Buffer.from(first, 'base64'))}$`, 'm'),
        )
        .and.match(new RegExp(`^new key\\s+${encryptionKeyId(second)}$`, 'm'))
        .and.match(/^rewrapped\s+1 data key$/m)
        .and.not.match(/^key file/m);
      expect(run.stderr).to.include('Set SLUICE_ENCRYPTION_KEY to the new key');
      expect(existsSync(keyFile)).to.equal(false);

      const stale = await runCli(dir.path, ['events', 'export'], folderEnv(dir.path, first));
      expect(stale.code).to.equal(1);
      expect(stale.stdout).to.equal('');
      expect(stale.stderr).to.include('another encryption key');

      await stillOpens(folderEnv(dir.path, shown), sealed);

      // A key given is the operator's already: not printed back.
      const third = randomBytes(32).toString('base64');
      const again = await rotate(
        dir.path,
        ['--new-key', third, '--json'],
        folderEnv(dir.path, shown),
      );
      expect(again.code, again.stderr).to.equal(0);
      expect(JSON.parse(again.stdout)).to.deep.equal({
        previous_key_id: encryptionKeyId(second),
        key_id: encryptionKeyId(Buffer.from(third, 'base64')),
        data_keys_rewrapped: 2,
        key_file: null,
      });
      expect(again.stdout + again.stderr).to.not.include(third);
      expect(existsSync(keyFile)).to.equal(false);
      await stillOpens(folderEnv(dir.path, third), sealed);
    });
  });
});
