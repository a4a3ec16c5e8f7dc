import { expect } from 'chai';
import { createParser } from 'eventsource-parser';
import type { DueDoc } from '../../projections/deliveries.js';
import { DELIVERIES_DUE } from '../../projections/deliveries.js';
import { HttpProblem } from '../../src/http/problem.js';
import { recordListenedTry } from '../../src/listen/recordListenedTry.js';
import { findDocs } from '../../src/reads/readModels.js';
import { createKey } from '../support/builders.js';
import { eventually } from '../support/delivery.js';
import type { TestReceiver } from '../support/receiver.js';
import { startTestReceiver } from '../support/receiver.js';
import type { TestService } from '../support/testService.js';
import { startTestService } from '../support/testService.js';

const VICTIM = 'mer_victim';
const ATTACKER = 'mer_attacker';
/** What the attacker's answers carry, to be looked for in the victim's history. */
const ATTACKER_BODY = 'settled by another merchant';

type Handed = { try: string; event_id: string };

/** `GET /v1/listen` held open with a key: the endpoint it listens on, and the tries handed to it. */
const listenWith = async (service: TestService, key: string) => {
  const stopped = new AbortController();
  const res = await fetch(`${service.url}/v1/listen`, {
    headers: { authorization: `Bearer ${key}` },
    signal: stopped.signal,
  });
  expect(res.status).to.equal(200);
  const tries: Handed[] = [];
  let endpointId: string | undefined;
  const parser = createParser({
    onEvent: (message) => {
      if (message.event === 'ready')
        endpointId = (JSON.parse(message.data) as { endpoint_id: string }).endpoint_id;
      if (message.event === 'delivery') tries.push(JSON.parse(message.data) as Handed);
    },
  });
  void (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
        parser.feed(decoder.decode(chunk, { stream: true }));
    } catch {
      // Stopped by the test.
    }
  })();
  await eventually(
    () => Promise.resolve(endpointId),
    (id) => id !== undefined,
  );
  return {
    endpointId: endpointId!,
    tries,
    tryFor: (eventId: string) =>
      eventually(
        () => Promise.resolve(tries.find((t) => t.event_id === eventId)),
        (t) => t !== undefined,
      ).then((t) => t!.try),
    stop: () => stopped.abort(),
  };
};

/**
 * What an attacker does to a token it holds: one it can read (JSON) it rewrites as it likes; one it
 * cannot, it can only alter blindly.
 */
const rewritten = (token: string, change: (parsed: Record<string, any>) => void): string => {
  let parsed: Record<string, any>;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Record<string, any>;
  } catch {
    const at = Math.floor(token.length / 2);
    return `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
  }
  change(parsed);
  return Buffer.from(JSON.stringify(parsed)).toString('base64url');
};

/**
 * The `try` token of a listened delivery (POST /v1/listen/attempts): a merchant must not settle, by
 * a token it made, altered or took from another's session, a delivery that is not its own
 * listener's. Each refusal leaves the victim's delivery as it was: pending, nothing of the
 * attacker's in its history.
 */
describe('listened tries answer only their own listener’s deliveries', function () {
  this.timeout(60_000);
  let service: TestService;
  let receiver: TestReceiver;
  let victimKey: string;
  let victimEndpoint: string;
  /** Every test listens with keys of its own: two sessions of one key would share its tries. */
  let listeners: Array<{ stop: () => void }> = [];

  before(async () => {
    // The victim's receiver fails every try: its deliveries wait ten minutes for their next one.
    receiver = await startTestReceiver(() => ({ status: 503 }));
    service = await startTestService({
      SLUICE_RETRY_SCHEDULE_S: '600',
      SLUICE_RATE_LIMIT_RPS: '1000000',
    });
    victimKey = await createKey(service, 'merchant', VICTIM);
    const endpoint = await service.api.post('/v1/webhooks', victimKey, {
      url: receiver.url,
      filter_types: ['order.created'],
    });
    expect(endpoint.status, endpoint.text).to.equal(201);
    victimEndpoint = endpoint.body.id as string;
  });
  afterEach(() => {
    for (const listener of listeners) listener.stop();
    listeners = [];
  });
  after(async () => {
    await service?.stop();
    await receiver?.close();
  });

  const publish = async (merchant: string, type = 'order.created') => {
    const res = await service.api.post('/v1/events', service.admin, {
      type,
      merchant_id: merchant,
      data: { n: Math.random() },
    });
    expect(res.status, res.text).to.equal(201);
    return res.body.id as string;
  };

  /** A delivery of the victim's that failed once and waits for its next try, as the queue has it. */
  const pendingDelivery = async (endpointId = victimEndpoint): Promise<DueDoc> => {
    const eventId = await publish(VICTIM);
    return eventually(
      async () =>
        (
          await findDocs(service.services.readStore, DELIVERIES_DUE, {
            where: { endpoint_id: endpointId },
            orderBy: { field: 'due_at_ms', direction: 'asc' },
            limit: 100,
          })
        ).docs.find((due) => due.event_id === eventId),
      (due) => due !== undefined && due.due_at_ms > Date.now() + 60_000,
    ).then((due) => due!);
  };

  /** A new key of the merchant, listening. */
  const listen = async (merchant: string) => {
    const key = await createKey(service, 'merchant', merchant);
    const listener = await listenWith(service, key);
    listeners.push(listener);
    return { ...listener, key };
  };

  const answer = (key: string, token: string) =>
    service.api.post('/v1/listen/attempts', key, {
      try: token,
      status_code: 200,
      duration_ms: 1,
      body: ATTACKER_BODY,
    });

  /** The victim's delivery as the victim sees it: still pending, nothing of the attacker's. */
  const untouched = async (endpointId: string, eventId: string) => {
    const messages = await service.api.get(`/v1/webhooks/${endpointId}/messages`, victimKey);
    const message = (messages.body.data as Array<Record<string, any>>).find(
      (m) => m.event_id === eventId,
    );
    expect(message?.status, messages.text).to.equal('pending');
    const attempts = await service.api.get(
      `/v1/webhooks/${endpointId}/attempts?limit=100`,
      victimKey,
    );
    expect(attempts.text).to.not.include(ATTACKER_BODY);
    for (const attempt of attempts.body.data as Array<Record<string, any>>)
      expect(attempt.status).to.not.equal('succeeded');
  };

  it('refuses a token made up for another merchant’s delivery', async () => {
    const attacker = await listen(ATTACKER);
    const due = await pendingDelivery();
    const forged = Buffer.from(
      JSON.stringify({ due: { ...due, endpoint_id: attacker.endpointId }, session: 'lsn_forged' }),
    ).toString('base64url');
    const res = await answer(attacker.key, forged);
    expect(res.status, res.text).to.equal(404);
    expect(res.body.code).to.equal('not_found');
    await untouched(victimEndpoint, due.event_id);
  });

  it('refuses a token of the attacker’s own session altered to name another delivery', async () => {
    const attacker = await listen(ATTACKER);
    const own = await attacker.tryFor(await publish(ATTACKER));
    const due = await pendingDelivery();
    const altered = rewritten(own, (parsed) => {
      parsed.due = { ...due, endpoint_id: attacker.endpointId };
    });
    const res = await answer(attacker.key, altered);
    expect(res.status, res.text).to.equal(404);
    await untouched(victimEndpoint, due.event_id);
    // The token as it was handed out is still answered: the listener's own flow works.
    expect((await answer(attacker.key, own)).status).to.equal(204);
  });

  it('refuses a token handed to another merchant’s session, replayed by the attacker', async () => {
    const attacker = await listen(ATTACKER);
    const victim = await listen(VICTIM);
    const eventId = await publish(VICTIM);
    const handed = await victim.tryFor(eventId);
    for (const replayed of [
      handed,
      rewritten(handed, (parsed) => {
        parsed.due.endpoint_id = attacker.endpointId;
      }),
    ]) {
      const res = await answer(attacker.key, replayed);
      expect(res.status, res.text).to.equal(404);
    }
    await untouched(victim.endpointId, eventId);
    // The session it was handed to answers it.
    expect((await answer(victim.key, handed)).status).to.equal(204);
  });

  it('refuses a token of one key’s session answered with another key of the same merchant', async () => {
    const victim = await listen(VICTIM);
    const second = await listen(VICTIM);
    const eventId = await publish(VICTIM);
    const handed = await victim.tryFor(eventId);
    const res = await answer(second.key, handed);
    expect(res.status, res.text).to.equal(404);
    await untouched(victim.endpointId, eventId);
  });

  it('records an answer only on a delivery of the listening endpoint its try names', async () => {
    // Past the token's signature, the delivery's own stream is checked: a try naming a listener
    // and another endpoint's delivery is not recorded, whoever holds it.
    const attacker = await listen(ATTACKER);
    const due = await pendingDelivery();
    const recorded = recordListenedTry(
      service.services,
      { due: { ...due, endpoint_id: attacker.endpointId }, session: 'lsn_held' },
      {
        url: 'sluice-listen://key',
        answer: { status_code: 200, duration_ms: 1, body: ATTACKER_BODY, error: null },
      },
    );
    const refusal = await recorded.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).to.be.instanceOf(HttpProblem);
    expect((refusal as HttpProblem).code).to.equal('not_found');
    await untouched(victimEndpoint, due.event_id);
  });
});
