import { expect } from 'chai';
import type { ApiClient } from '../support/apiClient.js';
import { apiClient } from '../support/apiClient.js';
import { eventually } from '../support/delivery.js';
import { whileHealthy as answeringThroughout } from '../support/healthWatch.js';
import type { TestReceiver } from '../support/receiver.js';
import { startTestReceiver } from '../support/receiver.js';
import type { ServerProcess } from '../support/serverProcess.js';
import { startServerProcess } from '../support/serverProcess.js';
import { tempDir } from '../support/tempDir.js';

const ADMIN = 'sk_multiplying_expressions_admin_0123456789';
const MERCHANT = 'mer_multiplier';

/**
 * Each of `a`'s items gives all of `b`: JSONata flattens them into one list `a` times `b` long
 * (120 million items), in one call with no hook on the way. 242 KB of a merchant's data.
 */
const MULTIPLYING_FILTER = '$count(data.a.($$.data.b)) > 0';
const MULTIPLYING_TRANSFORM = '$count(input.a.($$.input.b))';
const zeros = (n: number) => Array.from({ length: n }, () => 0);
const multiplied = () => ({ a: zeros(1_000), b: zeros(120_000) });

const env = (dir: string) => ({
  SLUICE_DATA_DIR: dir,
  SLUICE_ADMIN_KEY: ADMIN,
  SLUICE_ALLOW_HTTP_URLS: 'true',
  SLUICE_ALLOW_PRIVATE_URLS: 'true',
  SLUICE_RETRY_SCHEDULE_S: '0.05,0.05',
  // The large bodies of these attacks would soon meet the merchant's bound on what it sends
  // (see merchantStorage.test.ts): what is tested here is what becomes of those let through.
  SLUICE_MERCHANT_WRITE_BYTES_PER_MIN: '0',
});

const stop = async (server: ServerProcess) => {
  server.child.kill('SIGTERM');
  expect(await server.exited, server.output().slice(-2_000)).to.equal(0);
};

describe('expressions that multiply what they read, from a merchant', function () {
  this.timeout(120_000);
  const dir = tempDir();
  let server: ServerProcess;
  let api: ApiClient;
  let merchantKey: string;
  let receiver: TestReceiver;

  before(async () => {
    receiver = await startTestReceiver();
    server = await startServerProcess(env(dir.path));
    api = apiClient(server.url);
    const key = await api.post('/v1/api-keys', ADMIN, { role: 'merchant', merchant_id: MERCHANT });
    expect(key.status, key.text).to.equal(201);
    merchantKey = key.body.key as string;
  });

  after(async () => {
    server?.child.kill('SIGKILL');
    await receiver?.close();
    dir.remove();
  });

  /**
   * Runs `work` with /healthz polled every 20 ms. Every answer must come in under 300 ms: the
   * service still reads the 242 KB payload on its own thread a few times (to parse it, seal it,
   * open it for the executor), but no longer stalls for seconds, let alone dies.
   */
  const whileHealthy = <T>(work: () => Promise<T>): Promise<T> =>
    answeringThroughout(server.url, work, 300);

  it('a filter under test fails on its own, and the service answers throughout', async () => {
    // The same body under a harmless filter first: what is measured is the filter's cost, not
    // the first parse of a large body by code not yet compiled.
    const harmless = await api.post('/v1/webhook-filters/test', merchantKey, {
      filter: 'data.x = 1',
      event: { type: 'invoice.issued', data: multiplied() },
    });
    expect(harmless.status, harmless.text.slice(0, 500)).to.equal(200);
    const res = await whileHealthy(() =>
      api.post('/v1/webhook-filters/test', merchantKey, {
        filter: MULTIPLYING_FILTER,
        event: { type: 'invoice.issued', data: multiplied() },
      }),
    );
    expect(res.status, res.text.slice(0, 500)).to.equal(200);
    expect(res.body.matches).to.equal(false);
    expect(res.body.error.message).to.match(/memory|ran over|too large/);
  });

  it('a transform over a merchant’s input fails its instance, not the service', async () => {
    const definition = await api.post('/v1/process-definitions', ADMIN, {
      id: 'multiply.transform',
      name: 'Multiply',
      input_schema: { type: 'object' },
      steps: [
        {
          id: 'count',
          type: 'transform',
          if: 'input.multiply',
          value: MULTIPLYING_TRANSFORM,
        },
      ],
    });
    expect(definition.status, definition.text).to.equal(201);
    const activated = await api.post('/v1/process-definitions/multiply.transform/activate', ADMIN, {
      version: 1,
    });
    expect(activated.status, activated.text).to.equal(200);
    const runOf = async (multiply: boolean) => {
      const run = await api.post('/v1/processes/multiply.transform/runs', merchantKey, {
        input: { ...multiplied(), multiply },
      });
      expect(run.status, run.text.slice(0, 500)).to.equal(201);
      return eventually(
        () => api.get(`/v1/process-instances/${run.body.id as string}`, merchantKey),
        (r) => r.body.status === 'failed' || r.body.status === 'completed',
        30_000,
      );
    };
    // The same input, the step skipped, first: the cost of a large input is not what is measured.
    expect((await runOf(false)).body.status).to.equal('completed');
    const ended = await whileHealthy(() => runOf(true));
    expect(ended.body.status).to.equal('failed');
    expect(ended.body.error.code).to.be.oneOf(['expression_memory', 'expression_timeout']);
  });

  it('a filter meeting a person’s data fails for its endpoint alone, and the folder starts again', async () => {
    const endpoint = async (path: string, body: Record<string, unknown>) => {
      const res = await api.post('/v1/webhooks', merchantKey, {
        url: `${receiver.url}/${path}`,
        filter_types: ['process.user_action.completed'],
        ...body,
      });
      expect(res.status, res.text).to.equal(201);
    };
    const published = await api.post('/v1/process-definitions', ADMIN, {
      id: 'multiply.person',
      name: 'A person answers',
      input_schema: { type: 'object' },
      steps: [{ id: 'answer', type: 'user_action' }],
    });
    expect(published.status, published.text).to.equal(201);
    expect(
      (await api.post('/v1/process-definitions/multiply.person/activate', ADMIN, { version: 1 }))
        .status,
    ).to.equal(200);
    const answerWith = async (data: Record<string, unknown>) => {
      const run = await api.post('/v1/processes/multiply.person/runs', merchantKey, {});
      expect(run.status, run.text).to.equal(201);
      const id = run.body.id as string;
      await eventually(
        () => api.get(`/v1/process-instances/${id}`, merchantKey),
        (r) => r.body.status === 'waiting',
      );
      const answered = await api.post(`/v1/process-instances/${id}/user-actions`, merchantKey, {
        step_id: 'answer',
        data,
      });
      expect(answered.status, answered.text.slice(0, 500)).to.equal(200);
    };
    // Once with no endpoint to plan for: the cost of the large answer is not what is measured.
    await answerWith(multiplied());
    await endpoint('poisoned', { filter: MULTIPLYING_FILTER });
    await endpoint('witness', {});

    await whileHealthy(async () => {
      await answerWith(multiplied());
      // The planner has been past the event once the endpoint without a filter has it.
      await receiver.waitFor(1, 30_000);
    });
    expect(receiver.received.map((r) => r.path)).to.deep.equal(['/hooks/witness']);
    const metrics = (await api.get('/metrics')).text;
    expect(metrics).to.match(/sluice_webhook_filter_errors_total\{[^}]*\} [1-9]/);

    // The folder holds the event and the filter: a new start on it comes up, and delivers.
    await stop(server);
    server = await startServerProcess(env(dir.path));
    api = apiClient(server.url);
    await whileHealthy(async () => {
      await answerWith({ small: true });
      await receiver.waitFor(2, 30_000);
    });
    expect(receiver.received.map((r) => r.path)).to.deep.equal([
      '/hooks/witness',
      '/hooks/witness',
    ]);
  });
});
