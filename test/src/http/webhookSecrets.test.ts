import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pino } from 'pino';
import { logLines } from '../../support/events.js';
import { createEndpoint, createKey } from '../../support/builders.js';
import type { TestService } from '../../support/testService.js';
import { startTestService } from '../../support/testService.js';

const aSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

describe('webhook endpoint secrets', () => {
  let service: TestService;
  let acme: string;
  beforeEach(async () => {
    service = await startTestService({ SLUICE_ROTATION_GRACE_S: '120' });
    acme = await createKey(service, 'merchant', 'mer_acme');
  });
  afterEach(() => service.stop());

  it('generates a whsec_ secret of 32 random bytes, shown by the secret route only', async () => {
    const endpoint = await createEndpoint(service, {}, acme);
    const res = await service.api.get(`/v1/webhooks/${endpoint.id}/secret`, acme);
    expect(res.status).to.equal(200);
    expect(res.body.key).to.match(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(res.body.key.slice(6), 'base64')).to.have.length(32);
    const other = await createEndpoint(service, {}, acme);
    expect((await service.api.get(`/v1/webhooks/${other.id}/secret`, acme)).body.key).to.not.equal(
      res.body.key,
    );
  });

  it('imports a given secret on create', async () => {
    const secret = aSecret();
    const endpoint = await createEndpoint(service, { secret }, acme);
    expect((await service.api.get(`/v1/webhooks/${endpoint.id}/secret`, acme)).body.key).to.equal(
      secret,
    );
  });

  it('honours merchant_id on the secret route: 403 for a merchant naming another, 404 for an admin naming the wrong one', async () => {
    const endpoint = await createEndpoint(service, {}, acme);
    expect(
      (await service.api.get(`/v1/webhooks/${endpoint.id}/secret?merchant_id=mer_globex`, acme))
        .status,
    ).to.equal(403);
    expect(
      (
        await service.api.get(
          `/v1/webhooks/${endpoint.id}/secret?merchant_id=mer_globex`,
          service.admin,
        )
      ).status,
    ).to.equal(404);
    expect(
      (
        await service.api.get(
          `/v1/webhooks/${endpoint.id}/secret?merchant_id=mer_acme`,
          service.admin,
        )
      ).status,
    ).to.equal(200);
  });

  it('rotates to a generated or given secret, keeping the old one for the grace period', async () => {
    const endpoint = await createEndpoint(service, {}, acme);
    const secretPath = `/v1/webhooks/${endpoint.id}/secret`;
    const first = (await service.api.get(secretPath, acme)).body;
    const before = first.key as string;
    // Nothing rotated yet: no previous secret signs.
    expect(first.previous_expires_at).to.equal(null);
    expect(first.id).to.match(/^sec_[0-9a-f]{20}$/);
    const rotated = await service.api.post(`${secretPath}/rotate`, acme);
    expect(rotated.status).to.equal(200);
    // The answer names the new secret and when the old one stops signing, never the secret.
    expect(Object.keys(rotated.body).sort()).to.deep.equal(['id', 'previous_expires_at']);
    const afterRotation = (await service.api.get(secretPath, acme)).body;
    const generated = afterRotation.key as string;
    expect(generated).to.match(/^whsec_/);
    expect(generated).to.not.equal(before);
    expect(afterRotation.id).to.equal(rotated.body.id).and.not.equal(first.id);
    expect(afterRotation.previous_expires_at).to.equal(rotated.body.previous_expires_at);
    const given = aSecret();
    const rotatedToGiven = await service.api.post(`${secretPath}/rotate`, acme, { key: given });
    expect(rotatedToGiven.status).to.equal(200);
    expect((await service.api.get(secretPath, acme)).body).to.include({
      key: given,
      id: rotatedToGiven.body.id,
    });

    const sealed = (await service.services.readStore.get('webhook_endpoint_secrets', endpoint.id))!;
    expect(service.services.secrets.open(sealed.previous as string, endpoint.id)).to.equal(
      generated,
    );
    const grace = Date.parse(sealed.previous_expires_at as string) - Date.now();
    expect(grace).to.be.within(100_000, 120_000);
    expect(rotatedToGiven.body.previous_expires_at).to.equal(sealed.previous_expires_at);

    const bad = await service.api.post(`${secretPath}/rotate`, acme, { key: 'whsec_tooshort' });
    expect(bad.status).to.equal(400);
    expect(bad.text).to.not.include('tooshort');
    expect((await service.api.get(secretPath, acme)).body.key).to.equal(given);
  });

  it('seals secrets to their endpoint: one endpoint’s sealed secret does not open as another’s', async () => {
    const a = await createEndpoint(service, {}, acme);
    const b = await createEndpoint(service, {}, acme);
    const sealed = (await service.services.readStore.get('webhook_endpoint_secrets', a.id))!;
    expect(() => service.services.secrets.open(sealed.current as string, b.id)).to.throw();
  });
});

describe('secrets stay out of everything but the secret route', () => {
  it('never shows a secret in responses, logs, metrics, the event log or the database files', async () => {
    const { lines, sink } = logLines();
    const service = await startTestService({}, { logger: pino({ level: 'trace' }, sink) });
    try {
      const acme = await createKey(service, 'merchant', 'mer_acme');
      const imported = aSecret();
      const secrets = [imported];
      const texts: string[] = [];
      const record = <T extends { text: string }>(res: T) => {
        texts.push(res.text);
        return res;
      };
      const endpoint = record(
        await service.api.post('/v1/webhooks', acme, { url: 'https://a.test/', secret: imported }),
      ).body;
      const rotatedTo = aSecret();
      secrets.push(rotatedTo);
      record(
        await service.api.post(`/v1/webhooks/${endpoint.id}/secret/rotate`, acme, {
          key: rotatedTo,
        }),
      );
      record(await service.api.post(`/v1/webhooks/${endpoint.id}/secret/rotate`, acme));
      secrets.push((await service.api.get(`/v1/webhooks/${endpoint.id}/secret`, acme)).body.key);
      // A secret sent where it does not belong is refused without being repeated.
      record(await service.api.post(`/v1/webhooks/${endpoint.id}`, acme, { secret: imported }));
      record(
        await service.api.post('/v1/webhooks', acme, {
          url: 'https://a.test/',
          secret: `${imported}!`,
        }),
      );
      record(await service.api.get(`/v1/webhooks/${endpoint.id}`, acme));
      record(await service.api.get('/v1/webhooks', acme));
      record(
        await service.api.post(`/v1/webhooks/${endpoint.id}`, acme, {
          description: 'after rotation',
        }),
      );
      record(await service.api.get('/metrics'));

      const log = await service.services.eventStore.readAll({ limit: 10_000 });
      const everywhere = [
        ...texts,
        ...lines,
        JSON.stringify(log.events),
        ...readdirSync(service.dataDir)
          .filter((f) => f.startsWith('sluice.db'))
          .map((f) => readFileSync(join(service.dataDir, f)).toString('latin1')),
      ].join('\n');
      expect(log.events.some((e) => e.type === 'webhook_endpoint.secret_rotated')).to.equal(true);
      for (const secret of secrets) {
        expect(everywhere).to.not.include(secret);
        expect(everywhere).to.not.include(secret.slice(6));
      }
    } finally {
      await service.stop();
    }
  });
});
