import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../../src/config/config.js';
import { silentLogger } from '../../../src/logging/logger.js';
import type { RunningService } from '../../../src/modes/embedded.js';
import { startDistributed } from '../../../src/modes/distributed.js';
import type { ApiClient } from '../../support/apiClient.js';
import { apiClient } from '../../support/apiClient.js';
import { eventually } from '../../support/delivery.js';
import { postgresModeEnv } from '../../support/postgresMode.js';
import { NO_POSTGRES, postgresUrl } from '../../support/postgresSchema.js';
import { skipSuite } from '../../support/skipSuite.js';
import { tempDir } from '../../support/tempDir.js';

const TITLE = 'event types across API processes on one PostgreSQL';

/**
 * Two processes of one deployment: `first` runs every role, `second` the API only. Each has its
 * own catalog in memory; the log and the read models are the database's.
 */
const suite = () =>
  describe(TITLE, function () {
    this.timeout(60_000);
    const dir = tempDir();
    let first: RunningService;
    let second: RunningService;
    let admin: string;
    let one: ApiClient;
    let two: ApiClient;

    before(async () => {
      const env = {
        PORT: '0',
        HOST: '127.0.0.1',
        SLUICE_DATA_DIR: dir.path,
        ...postgresModeEnv(`catalog-${randomUUID()}`, undefined),
      };
      first = await startDistributed(loadConfig(env), silentLogger());
      second = await startDistributed(loadConfig({ ...env, SLUICE_ROLES: 'api' }), silentLogger());
      admin = first.adminKey.key;
      one = apiClient(first.url);
      two = apiClient(second.url);
    });
    after(async () => {
      await second?.close();
      await first?.close();
      dir.remove();
    });

    const publish = (api: ApiClient, data: Record<string, unknown>) =>
      api.post('/v1/events', admin, { type: 'parcel.shipped', merchant_id: 'mer_acme', data });

    it('knows at once a type registered through the other process, and enforces a new schema within a second', async () => {
      // The second process has read the catalog before the type exists.
      expect((await publish(two, {})).body.code).to.equal('unknown_event_type');
      const registered = await one.post('/v1/event-types', admin, {
        name: 'parcel.shipped',
        description: 'A parcel left the depot.',
        schema: { type: 'object', required: ['parcel_id'] },
        examples: [{ parcel_id: 'prc_1' }],
      });
      expect(registered.status, registered.text).to.equal(201);
      expect((await publish(two, { parcel_id: 'prc_1' })).status).to.equal(201);
      expect((await publish(two, { weight_g: 3 })).body.code).to.equal('event_data_invalid');
      const read = await two.get('/v1/event-types/parcel.shipped', admin);
      expect(read.body).to.deep.equal(registered.body);

      const tightened = await one.post('/v1/event-types/parcel.shipped', admin, {
        schema: { type: 'object', required: ['parcel_id', 'carrier'] },
        examples: [{ parcel_id: 'prc_1', carrier: 'dhl' }],
      });
      expect(tightened.body.version).to.equal(2);
      expect((await publish(one, { parcel_id: 'prc_2' })).body.code).to.equal('event_data_invalid');
      const started = Date.now();
      await eventually(
        async () => (await publish(two, { parcel_id: 'prc_3' })).status,
        (status) => status === 422,
        3000,
      );
      expect(Date.now() - started).to.be.below(2000);
      expect((await publish(two, { parcel_id: 'prc_4', carrier: 'ups' })).status).to.equal(201);
    });
  });

if (postgresUrl === undefined || postgresUrl === '') skipSuite(TITLE, NO_POSTGRES);
else suite();
