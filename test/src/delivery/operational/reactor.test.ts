import { expect } from 'chai';
import { isLeft } from 'fp-ts/lib/Either.js';
import type {
  AttemptOutcome,
  DeliveryAttempted,
  DeliveryEvent,
  DeliveryState,
} from '../../../../domain/deliveries/delivery.js';
import { deliveryDecider, deliveryStream } from '../../../../domain/deliveries/delivery.js';
import type { RecordedEvent } from '../../../../domain/shared/envelope.js';
import type { EndpointEvent } from '../../../../domain/webhooks/endpoint.js';
import { endpointStream } from '../../../../domain/webhooks/endpoint.js';
import { operationalEventsProcessor } from '../../../../src/delivery/operational/reactor.js';
import type { ReactorSpec } from '../../../support/reactorSpec.js';
import { reactorSpec } from '../../../support/reactorSpec.js';

const at = '2026-03-01T11:00:00.000Z';
const ids = (eventType = 'order.created') => ({
  event_id: 'evt_order',
  endpoint_id: 'we_failing',
  merchant_id: 'mer_a',
  event_type: eventType,
});

const failed: AttemptOutcome = {
  status: 'failed',
  url: 'https://hooks.example.com/in',
  response_status_code: 503,
  response_body: 'busy',
  error: { code: 'http_status', message: 'The receiver answered 503.' },
  duration_ms: 7,
};
const succeeded: AttemptOutcome = {
  ...failed,
  status: 'succeeded',
  response_status_code: 200,
  response_body: '',
  error: null,
};

/**
 * A delivery's stream as the dispatcher writes it: planned, then each outcome recorded through the
 * delivery decider, which retries after each failure while its schedule lasts.
 */
const deliveryOf = (outcomes: readonly AttemptOutcome[], tries = 5, eventType?: string) => {
  const events: DeliveryEvent[] = [];
  let state: DeliveryState = deliveryDecider.initialState();
  const apply = (decided: ReturnType<typeof deliveryDecider.decide>) => {
    if (isLeft(decided)) throw new Error(decided.left.detail);
    for (const event of decided.right) state = deliveryDecider.evolve(state, event);
    events.push(...decided.right);
  };
  const planned = { type: 'plan_delivery', trigger: 'initial', replay_id: null, now: at } as const;
  apply(deliveryDecider.decide({ ...planned, ...ids(eventType) }, state));
  for (const [n, outcome] of outcomes.entries()) {
    const record = {
      type: 'record_attempt',
      attempt_id: `atm_${n + 1}`,
      outcome,
      schedule_ms: Array.from({ length: tries - 1 }, () => 1000),
      jitter: 0,
      retry_after_ms: null,
      now: at,
    } as const;
    apply(deliveryDecider.decide(record, state));
  }
  return events;
};

const endpointCreated: EndpointEvent = {
  type: 'webhook_endpoint.created',
  data: {
    endpoint_id: 'we_failing',
    merchant_id: 'mer_a',
    url: 'https://hooks.example.com/in',
    description: '',
    filter_types: null,
    channels: null,
    disabled: false,
    rate_limit_per_s: null,
    metadata: {},
    headers: {},
    filter: null,
    ordering: 'unordered',
    disabled_reason: null,
    secret: 'sealed',
    created_at: at,
  },
};
const updated = (changes: Record<string, unknown>, updatedAt = at): EndpointEvent => ({
  type: 'webhook_endpoint.updated',
  data: { endpoint_id: 'we_failing', merchant_id: 'mer_a', changes, updated_at: updatedAt },
});

/** What a reaction published, as "type: data". */
const published = (appended: readonly RecordedEvent[]) =>
  appended.map((event) => ({
    type: event.type,
    data: (event.data as { data: Record<string, unknown> }).data,
  }));

describe('the operational events, as a reactor', () => {
  let spec: ReactorSpec;
  beforeEach(async () => {
    spec = await reactorSpec(operationalEventsProcessor);
  });
  afterEach(() => spec.close());

  /** The delivery's events in the log, with the merchant's metadata as the dispatcher records it. */
  const givenDelivery = (events: DeliveryEvent[]) =>
    spec.given(deliveryStream('evt_order', 'we_failing'), events, {
      merchant_id: 'mer_a',
      correlation_id: 'req_publish',
    });
  /** The tries of the delivery, as the feed hands them over (the plan is not one of them). */
  const triesOf = (recorded: RecordedEvent[]) =>
    recorded.filter((event) => event.type === 'delivery.attempted');

  it('tells of a message failing at its 4th failed try in a row, and only then', async () => {
    const tries = triesOf(
      await givenDelivery(deliveryOf([failed, failed, failed, failed, failed])),
    );
    const appended = await spec.when(tries);
    expect(published(appended)).to.deep.equal([
      {
        type: 'message.attempt.failing',
        data: {
          endpoint_id: 'we_failing',
          event_id: 'evt_order',
          event_type: 'order.created',
          attempt_count: 4,
          last_error: {
            code: 'http_status',
            message: 'The receiver answered 503.',
            response_status_code: 503,
          },
        },
      },
      {
        type: 'message.attempt.exhausted',
        data: {
          endpoint_id: 'we_failing',
          event_id: 'evt_order',
          event_type: 'order.created',
          attempt_count: 5,
          last_error: {
            code: 'http_status',
            message: 'The receiver answered 503.',
            response_status_code: 503,
          },
        },
      },
    ]);
  });

  it('records each one caused by its try, for the merchant, in the try’s correlation', async () => {
    const tries = triesOf(await givenDelivery(deliveryOf([failed, failed, failed, failed])));
    const [failing] = await spec.when(tries);
    expect(failing!.stream).to.match(/^event-evt_/);
    expect(failing!.metadata).to.include({
      merchant_id: 'mer_a',
      causation_id: tries[3]!.id,
      correlation_id: 'req_publish',
      actor: 'sluice:operational-events',
    });
    expect(failing!.data).to.include({ merchant_id: 'mer_a', channels: null });
  });

  it('tells of a message given up after its last try, even a short schedule’s', async () => {
    const tries = triesOf(await givenDelivery(deliveryOf([failed, failed], 2)));
    expect(published(await spec.when(tries)).map((e) => e.type)).to.deep.equal([
      'message.attempt.exhausted',
    ]);
  });

  it('tells of a failing message that recovers, and of no success that ends fewer failures', async () => {
    const recovering = [failed, failed, failed, failed, succeeded];
    const tries = triesOf(await givenDelivery(deliveryOf(recovering, 6)));
    const appended = published(await spec.when(tries));
    expect(appended.map((e) => e.type)).to.deep.equal([
      'message.attempt.failing',
      'message.attempt.recovered',
    ]);
    expect(appended[1]!.data).to.deep.equal({
      endpoint_id: 'we_failing',
      event_id: 'evt_order',
      event_type: 'order.created',
      attempt_count: 5,
    });
  });

  it('says nothing of a message that succeeds after three failures', async () => {
    const tries = triesOf(await givenDelivery(deliveryOf([failed, failed, failed, succeeded])));
    expect(await spec.when(tries)).to.deep.equal([]);
  });

  it('counts the failures of an open round only: a replaced round’s tries, stragglers tell nothing', async () => {
    const tries = triesOf(await givenDelivery(deliveryOf([failed, failed, failed, failed])));
    const fourth = tries[3] as RecordedEvent<DeliveryAttempted>;
    const superseded = { ...fourth, id: 'superseded', data: { ...fourth.data, superseded: true } };
    // Recorded after its round had ended (or before the tries said what they count).
    const { failures_in_a_row: _counted, ...uncounted } = fourth.data;
    const straggler = { ...fourth, id: 'straggler', data: uncounted };
    expect(await spec.when([superseded, straggler])).to.deep.equal([]);
  });

  it('never tells of the tries of operational events themselves: no two endpoints ping-pong', async () => {
    for (const type of ['message.attempt.failing', 'webhook_endpoint.disabled']) {
      const events = deliveryOf([failed, failed, failed, failed, failed], 5, type);
      const recorded = await spec.given(deliveryStream(`evt_${type}`, 'we_failing'), events, {
        merchant_id: 'mer_a',
      });
      expect(await spec.when(triesOf(recorded)), type).to.deep.equal([]);
    }
  });

  it('publishes each event once, however often its batch is handed over again', async () => {
    const tries = triesOf(
      await givenDelivery(deliveryOf([failed, failed, failed, failed, failed])),
    );
    expect(await spec.when(tries)).to.have.length(2);
    expect(await spec.when(tries)).to.deep.equal([]);
    expect(await spec.when(tries.slice(3))).to.deep.equal([]);
  });

  it('tells of an endpoint the service disabled, with the data it has always had', async () => {
    await spec.given(endpointStream('we_failing'), [endpointCreated]);
    const disabled = await spec.given(
      endpointStream('we_failing'),
      [updated({ disabled: true, disabled_reason: 'gone' }, '2026-03-01T11:30:00.000Z')],
      { merchant_id: 'mer_a' },
    );
    const appended = await spec.when(disabled);
    expect(published(appended)).to.deep.equal([
      {
        type: 'webhook_endpoint.disabled',
        data: {
          endpoint_id: 'we_failing',
          url: 'https://hooks.example.com/in',
          reason: 'gone',
          disabled_at: '2026-03-01T11:30:00.000Z',
        },
      },
    ]);
    expect(appended[0]!.metadata.causation_id).to.equal(disabled[0]!.id);
    expect(await spec.when(disabled)).to.deep.equal([]);
  });

  it('tells of an endpoint enabled again, and not of a merchant’s own disabling', async () => {
    await spec.given(endpointStream('we_failing'), [endpointCreated]);
    const manual = await spec.given(endpointStream('we_failing'), [
      updated({ disabled: true, disabled_reason: 'manual' }),
    ]);
    expect(await spec.when(manual)).to.deep.equal([]);
    const enabled = await spec.given(endpointStream('we_failing'), [
      updated({ disabled: false, disabled_reason: null }),
    ]);
    const appended = await spec.when(enabled);
    expect(published(appended)).to.deep.equal([
      { type: 'webhook_endpoint.enabled', data: { endpoint_id: 'we_failing' } },
    ]);
    expect(appended[0]!.metadata).to.include({
      merchant_id: 'mer_a',
      causation_id: enabled[0]!.id,
    });
    const other = await spec.given(endpointStream('we_failing'), [updated({ description: 'x' })]);
    expect(await spec.when(other)).to.deep.equal([]);
  });
});
