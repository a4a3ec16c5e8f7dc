import { expect } from 'chai';
import { apiClient } from '../support/apiClient.js';
import { definitionOf } from '../support/processes.js';
import { NO_POSTGRES, postgresUrl } from '../support/postgresSchema.js';
import { roleServers } from '../support/roleServers.js';
import { skipSuite } from '../support/skipSuite.js';

const ADMIN = 'sk_test_run_while_projector_down_000001';

/**
 * A run asked for while no projector runs: the instance is in the log and runs, but the read
 * models do not show it. The answer says so (202, the instance as created, its Location), rather
 * than fail with the work done.
 */
const suite = () => {
  const servers = roleServers(ADMIN);
  const start = servers.start;
  after(() => servers.close());

  it('answers 202 with the instance as created and its Location, and the instance runs; a version published meanwhile too', async () => {
    // A projector first (with an API, to know when it listens), to publish the definition; then
    // none.
    const projector = await start('api,projector');
    const api = apiClient((await start('api,executor')).url);
    const published = await api.post(
      '/v1/process-definitions',
      ADMIN,
      definitionOf(
        'runs.while_down',
        [{ id: 'double', type: 'transform', value: 'input.n * 2' }],
        'steps.double',
      ),
    );
    expect(published.status, published.text).to.equal(201);
    const activated = await api.post('/v1/process-definitions/runs.while_down/activate', ADMIN, {
      version: 1,
    });
    expect(activated.status, activated.text).to.equal(200);
    projector.child.kill('SIGKILL');
    await projector.exited;

    const run = await api.post('/v1/processes/runs.while_down/runs', ADMIN, {
      merchant_id: 'mer_acme',
      input: { n: 21 },
    });
    expect(run.status, run.text).to.equal(202);
    const id = run.body.id as string;
    expect(id).to.match(/^pi_/);
    expect(run.headers.get('location')).to.equal(`/v1/process-instances/${id}`);
    expect(run.body).to.include({ status: 'pending', merchant_id: 'mer_acme' });

    // A new version published meanwhile is recorded, and said to be.
    const second = await api.post(
      '/v1/process-definitions',
      ADMIN,
      definitionOf('runs.while_down', [{ id: 'triple', type: 'transform', value: 'input.n * 3' }]),
    );
    expect(second.status, second.text).to.equal(202);
    expect(second.body).to.include({ id: 'runs.while_down', version: 2, status: 'draft' });

    // A projector again: the instance is there, and it ran.
    await start('api,projector');
    let instance = await api.get(`/v1/process-instances/${id}`, ADMIN);
    for (let i = 0; i < 100 && instance.body.status !== 'completed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      instance = await api.get(`/v1/process-instances/${id}`, ADMIN);
    }
    expect(instance.body).to.include({ status: 'completed' });
    expect(instance.body.result).to.deep.equal({ output: 42 });
  });
};

if (postgresUrl === undefined || postgresUrl === '')
  skipSuite('a run while no projector runs', NO_POSTGRES);
else
  describe('a run while no projector runs', function () {
    this.timeout(60_000);
    suite();
  });
