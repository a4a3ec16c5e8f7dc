import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import {
  definitionStream,
  processDefinitionDecider,
} from '../../domain/processes/definition/processDefinition.js';
import { parseDefinition } from '../../domain/processes/definition/parseDefinition.js';
import { execute } from '../../src/http/execute.js';
import { orProblem } from '../../src/http/problem.js';
import { createKey } from '../support/builders.js';
import { eventually } from '../support/delivery.js';
import { run } from '../support/processes.js';
import type { TestReceiver } from '../support/receiver.js';
import { startTestReceiver } from '../support/receiver.js';
import { tempDir } from '../support/tempDir.js';
import type { TestService } from '../support/testService.js';
import { startTestService } from '../support/testService.js';

const DEFINITION = 'sealed.call';
const LEGACY = 'sealed.legacy';

const callingDefinition = (id: string, url: string, token: string) => ({
  id,
  name: 'Call the platform',
  input_schema: { type: 'object' },
  steps: [
    {
      id: 'call',
      type: 'http',
      method: 'POST',
      url,
      headers: { Authorization: `Bearer ${token}`, 'X-Caller': 'sluice' },
      body: '{ "hello": "platform" }',
    },
    // A step in a map's runs holds its headers as sealed as one on the main line.
    {
      id: 'fan',
      type: 'map',
      items: '[1]',
      steps: [
        {
          id: 'nested',
          type: 'http',
          method: 'POST',
          url,
          headers: { Authorization: `Bearer ${token}`, 'X-Caller': 'sluice' },
          body: '{ "hello": "again" }',
        },
      ],
    },
  ],
  output: 'steps.call.status',
});

/** Every file under the folder, whole: the database, its -wal and -shm, the key files. */
const filesUnder = (dir: string): Array<{ path: string; bytes: Buffer }> =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [{ path, bytes: readFileSync(path) }];
  });

type Version = { version: number; steps: Array<{ id: string; headers?: Record<string, string> }> };

/** The http step's headers of each version of the definition, as the key reads them. */
const headersSeenBy = async (service: TestService, key: string, id: string) => {
  const res = await service.api.get(`/v1/process-definitions/${id}`, key);
  expect(res.status, res.text).to.equal(200);
  return (res.body.versions as Version[]).map((v) => v.steps[0]!.headers);
};

/** The whole log as the key reads it through the audit route. */
const auditText = async (service: TestService, key: string): Promise<string> => {
  const pages: string[] = [];
  let from: string | null = null;
  for (;;) {
    const query: string = from === null ? '' : `&from_position=${from}`;
    const page = await service.api.get(`/v1/audit/events?limit=100${query}`, key);
    expect(page.status, page.text).to.equal(200);
    pages.push(page.text);
    if (!page.body.has_more) return pages.join('\n');
    from = page.body.next_position as string;
  }
};

/**
 * The header values of http steps are where a platform puts the credentials of its own services:
 * only the admin's key reads them, and they are nowhere in clear in the data folder.
 */
describe('http step headers are sealed like secrets', function () {
  this.timeout(30_000);
  const marker = randomBytes(16).toString('hex');
  const legacyMarker = randomBytes(16).toString('hex');
  const redacted = { Authorization: '[redacted]', 'X-Caller': '[redacted]' };
  const dir = tempDir();
  let service: TestService;
  let stopped = false;
  let receiver: TestReceiver;
  let merchant: string;
  let auditor: string;

  before(async () => {
    receiver = await startTestReceiver(() => ({ status: 200 }));
    service = await startTestService({}, { dataDir: dir.path });
    merchant = await createKey(service, 'merchant', 'mer_acme');
    auditor = await createKey(service, 'auditor');
  });
  after(async () => {
    if (!stopped) await service?.stop();
    await receiver?.close();
    dir.remove();
  });

  it('shows the values to the admin only, and never in a publish answer', async () => {
    const published = await service.api.post(
      '/v1/process-definitions',
      service.admin,
      callingDefinition(DEFINITION, receiver.url, marker),
      { 'idempotency-key': 'publish-sealed' },
    );
    expect(published.status, published.text).to.equal(201);
    const activated = await service.api.post(
      `/v1/process-definitions/${DEFINITION}/activate`,
      service.admin,
      { version: 1 },
    );
    expect(activated.status, activated.text).to.equal(200);
    // The answer to a publish may be kept for an idempotent replay.
    expect(published.body.steps[0].headers).to.deep.equal(redacted);
    expect(activated.body.versions[0].steps[0].headers.Authorization).to.equal(`Bearer ${marker}`);

    expect(await headersSeenBy(service, service.admin, DEFINITION)).to.deep.equal([
      { Authorization: `Bearer ${marker}`, 'X-Caller': 'sluice' },
    ]);
    for (const key of [merchant, auditor]) {
      expect(await headersSeenBy(service, key, DEFINITION)).to.deep.equal([redacted]);
      const listed = await service.api.get('/v1/process-definitions', key);
      expect(listed.status, listed.text).to.equal(200);
      expect(listed.text).to.not.include(marker);
    }
  });

  it('sends the values in clear to the service the step calls', async () => {
    const res = await run(service, DEFINITION, { wait: { timeout_ms: 10_000 } }, merchant);
    expect(res.status, res.text).to.equal(200);
    expect(res.body.status, res.text).to.equal('completed');
    expect(receiver.received.at(-1)!.headers.authorization).to.equal(`Bearer ${marker}`);
    expect(receiver.received.at(-1)!.headers['x-caller']).to.equal('sluice');
    for (const path of [
      `/v1/process-instances/${res.body.id as string}`,
      `/v1/process-instances/${res.body.id as string}/events`,
    ]) {
      const seen = await service.api.get(path, merchant);
      expect(seen.status, seen.text).to.equal(200);
      expect(seen.text).to.not.include(marker);
    }
  });

  it('keeps the values out of the audit log, for every role', async () => {
    for (const key of [service.admin, auditor]) {
      const text = await auditText(service, key);
      expect(text).to.include(DEFINITION);
      expect(text).to.not.include(marker);
    }
  });

  it('still runs, and redacts, versions published with values in clear', async () => {
    // A version as the log held it before header values were sealed.
    const body = orProblem(parseDefinition(callingDefinition(LEGACY, receiver.url, legacyMarker)));
    await execute(
      service.services,
      processDefinitionDecider,
      definitionStream(LEGACY),
      { type: 'publish_version', body, now: new Date().toISOString() },
      {
        merchant_id: null,
        actor: null,
        request_id: null,
        correlation_id: null,
        causation_id: null,
      },
    );
    const activated = await service.api.post(
      `/v1/process-definitions/${LEGACY}/activate`,
      service.admin,
      { version: 1 },
    );
    expect(activated.status, activated.text).to.equal(200);
    expect(await headersSeenBy(service, merchant, LEGACY)).to.deep.equal([redacted]);
    expect((await headersSeenBy(service, service.admin, LEGACY))[0]!.Authorization).to.equal(
      `Bearer ${legacyMarker}`,
    );
    const res = await run(service, LEGACY, { wait: { timeout_ms: 10_000 } }, merchant);
    expect(res.body.status, res.text).to.equal('completed');
    expect(receiver.received.at(-1)!.headers.authorization).to.equal(`Bearer ${legacyMarker}`);
  });

  it('keeps the values sealed through a rebuild of the read models', async () => {
    const rebuild = await service.api.post(
      '/v1/admin/projections/process_definitions/rebuild',
      service.admin,
    );
    expect(rebuild.status, rebuild.text).to.equal(202);
    await eventually(
      async () =>
        (await service.api.get('/v1/admin/projections/process_definitions', service.admin)).body,
      (status) => status.status === 'live' && status.lag === 0 && status.rebuild === null,
    );
    expect(await headersSeenBy(service, merchant, DEFINITION)).to.deep.equal([redacted]);
    expect((await headersSeenBy(service, service.admin, DEFINITION))[0]!.Authorization).to.equal(
      `Bearer ${marker}`,
    );
  });

  it('leaves no value in clear in any file of the data folder', async function () {
    // Other modes keep their log and read models in servers, not in the data folder.
    if (process.env.SLUICE_TEST_MODE) {
      process.stderr.write(
        `data folder scan skipped: SLUICE_TEST_MODE=${process.env.SLUICE_TEST_MODE} keeps the log and read models in servers, not in the data folder\n`,
      );
      this.skip();
    }
    const holding = (value: string) =>
      filesUnder(dir.path)
        .filter(({ bytes }) => bytes.includes(value))
        .map(({ path }) => path);
    expect(filesUnder(dir.path).some(({ path }) => path.endsWith('-wal'))).to.equal(true);
    // The version published in clear shows that the scan finds what is there.
    expect(holding(legacyMarker), 'the clear version').to.not.deep.equal([]);
    expect(holding(marker), 'while running').to.deep.equal([]);
    stopped = true;
    await service.stop();
    expect(holding(marker), 'once closed').to.deep.equal([]);
  });
});
