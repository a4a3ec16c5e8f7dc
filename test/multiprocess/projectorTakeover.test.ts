import { expect } from 'chai';
import type { ApiClient } from '../support/apiClient.js';
import { apiClient } from '../support/apiClient.js';
import { FAST_DELIVERY } from '../support/delivery.js';
import { NO_POSTGRES, postgresUrl } from '../support/postgresSchema.js';
import type { TestReceiver } from '../support/receiver.js';
import { startTestReceiver } from '../support/receiver.js';
import { roleServers } from '../support/roleServers.js';
import { skipSuite } from '../support/skipSuite.js';

const ADMIN = 'sk_test_projector_takeover_admin_0001';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Publishes an event for the receiver's endpoint every `everyMs`, until told to stop. */
const steadyFlow = (api: ApiClient, everyMs: number, onEach: () => void = () => undefined) => {
  let publishing = true;
  let published = 0;
  const running = (async () => {
    while (publishing) {
      const res = await api.post('/v1/events', ADMIN, {
        type: 'order.created',
        merchant_id: 'mer_acme',
        data: { n: published },
      });
      if (res.status === 201) published++;
      onEach();
      await sleep(everyMs);
    }
  })();
  return {
    stop: async () => {
      publishing = false;
      await running;
      return published;
    },
  };
};

/**
 * The active projector killed under a steady flow of events: a standby takes the role over and
 * deliveries go on, no endpoint waiting more than 5 s for its next webhook. (A projector frozen
 * past its hold, then woken, is one of the chaos run's faults: test/reliability/chaos.test.ts.)
 */
const suite = () => {
  let servers: ReturnType<typeof roleServers>;
  let receiver: TestReceiver;
  afterEach(async () => {
    await servers.close();
    await receiver.close();
  });

  /** An active projector, a standby, a process of the other roles, and an endpoint. */
  const cluster = async () => {
    servers = roleServers(ADMIN, {
      ...FAST_DELIVERY,
      SLUICE_ALLOW_HTTP_URLS: 'true',
      SLUICE_ALLOW_PRIVATE_URLS: 'true',
    });
    receiver = await startTestReceiver(() => ({ status: 204 }));
    const active = await servers.start('projector');
    await servers.start('projector');
    const api = apiClient((await servers.start('dispatcher,executor')).url);
    const created = await api.post('/v1/webhooks', ADMIN, {
      merchant_id: 'mer_acme',
      url: receiver.url,
    });
    expect(created.status, created.text).to.equal(201);
    return { active, api, endpointId: created.body.id as string };
  };

  it('goes on delivering, no endpoint silent for more than 5 s, after a SIGKILL of the active projector', async () => {
    const { active, api } = await cluster();
    const arrivals: number[] = [];
    const arrivalsSeen = () => {
      while (arrivals.length < receiver.received.length) arrivals.push(performance.now());
    };
    const flow = steadyFlow(api, 100, arrivalsSeen);
    await sleep(3_000);
    active.child.kill('SIGKILL');
    const killedAt = performance.now();
    await sleep(10_000);
    const published = await flow.stop();
    await receiver.waitFor(published, 20_000);
    arrivalsSeen();

    const afterKill = arrivals.filter((at) => at >= killedAt - 1_000);
    let longestGap = 0;
    for (let i = 1; i < afterKill.length; i++)
      longestGap = Math.max(longestGap, afterKill[i]! - afterKill[i - 1]!);
    expect(afterKill.length).to.be.above(10);
    process.stdout.write(
      `      longest wait for a webhook after the kill: ${Math.round(longestGap)} ms\n`,
    );
    expect(longestGap, 'the longest wait for a webhook after the kill, in ms').to.be.below(5_000);
  });
};

if (postgresUrl === undefined || postgresUrl === '')
  skipSuite('a projector taken over', NO_POSTGRES);
else
  describe('a projector taken over', function () {
    this.timeout(90_000);
    suite();
  });
