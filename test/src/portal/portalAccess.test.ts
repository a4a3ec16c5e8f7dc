import { expect } from 'chai';
import { PORTAL_CAPABILITIES } from '../../../domain/portal/capabilities.js';
import { operationResolver } from '../../../src/portal/documentOperations.js';
import { PORTAL_ACCESS } from '../../../src/portal/portalAccess.js';
import { concretePath, documentOperations } from '../../security/operations.js';

/** Path parameters as a request would carry them. */
const values: Record<string, string> = new Proxy({}, { get: (_t, name) => `x_${String(name)}` });

describe('what a portal token may do, by operation', () => {
  const guarded = documentOperations().filter((op) => !op.open);

  it('decides every authenticated operation of the OpenAPI document', () => {
    const missing = guarded.map((op) => op.id).filter((id) => !(id in PORTAL_ACCESS));
    expect(
      missing,
      'operations without a portal decision in src/portal/portalAccess.ts',
    ).to.deep.equal([]);
    const stale = Object.keys(PORTAL_ACCESS).filter((id) => !guarded.some((op) => op.id === id));
    expect(stale, 'portal decisions of operations no longer documented').to.deep.equal([]);
  });

  it('names only real capabilities', () => {
    for (const [id, decision] of Object.entries(PORTAL_ACCESS))
      expect([...PORTAL_CAPABILITIES, 'refused'], id).to.include(decision);
  });

  it('refuses a portal everything a merchant does beyond its own webhooks', () => {
    for (const id of [
      'publishEvent',
      'createApiKey',
      'listApiKeys',
      'runProcess',
      'listProcessInstances',
      'listAuditEvents',
      'createPortalSession',
    ])
      expect(PORTAL_ACCESS[id], id).to.equal('refused');
  });

  it('tells each documented operation from its method and path, literal segments first', () => {
    const resolve = operationResolver();
    for (const op of documentOperations())
      expect(resolve(op.method, concretePath(op.template, values)), op.id).to.equal(op.id);
    expect(resolve('POST', '/v1/webhooks/test')).to.equal('testWebhook');
    expect(resolve('GET', '/v1/nothing')).to.equal(undefined);
  });

  it('tells no operation from another spelling of its path: case and a trailing slash count', () => {
    const resolve = operationResolver();
    for (const path of [
      '/v1/webhooks/we_1/',
      '/v1/Webhooks/we_1',
      '/V1/webhooks/we_1',
      '/v1/WEBHOOKS/we_1/SECRET',
      '/v1//webhooks/we_1',
      '/v1/%77ebhooks/we_1',
    ])
      expect(resolve('GET', path), path).to.equal(undefined);
  });
});
