import { openHeaders } from '../webhooks/endpointHeaders.js';
import { isLeft, isRight } from 'fp-ts/lib/Either.js';
import { newId } from '../ids.js';
import type { WebhookSender } from '../../adapters/delivery/port.js';
import type { BusinessEvent } from '../../domain/events/businessEvent.js';
import { businessEventStream } from '../../domain/events/businessEvent.js';
import type { AttemptOutcome, DeliveryEvent } from '../../domain/deliveries/delivery.js';
import { deliveryDecider, deliveryEnding } from '../../domain/deliveries/delivery.js';
import type { DomainEvent, EventMetadata, RecordedEvent } from '../../domain/shared/envelope.js';
import { causedBy } from '../../domain/shared/envelope.js';
import { eventDoc } from '../../projections/events.js';
import type { DueDoc } from '../../projections/deliveries.js';
import { FAILING_ENDPOINTS, deliveriesProjection } from '../../projections/deliveries.js';
import type { EndpointDoc, EndpointSecretsDoc } from '../../projections/webhookEndpoints.js';
import { handleCommand } from '../commands/handleCommand.js';
import type { Services } from '../services.js';
import { disableEndpoint } from './disableEndpoint.js';
import type { KnownDelivery } from './knownDeliveries.js';
import { getDoc } from '../reads/readModels.js';

/** What an attempt uses of the services. */
export type AttemptNeeds = Pick<
  Services,
  | 'config'
  | 'eventStore'
  | 'logger'
  | 'metrics'
  | 'now'
  | 'projector'
  | 'readStore'
  | 'secrets'
  | 'webhookBodies'
>;

const ACTOR = 'sluice:dispatcher';
/** An endpoint is disabled after failing this long and at least this many times in a row. */
const MIN_FAILURES_TO_DISABLE = 10;

export type AttemptContext = {
  services: AttemptNeeds;
  sender: WebhookSender;
  /** False once the dispatcher is stopping: an attempt then records nothing and is sent again later. */
  running: () => boolean;
};

/**
 * The delivery's stream as it stands, read when the dispatcher did not see its last event (a retry,
 * a new round, a restart).
 */
const readDelivery = async (services: AttemptNeeds, deliveryId: string): Promise<KnownDelivery> => {
  const past = (await services.eventStore.readStream(deliveryId)) as RecordedEvent<DeliveryEvent>[];
  const last = past[past.length - 1];
  if (!last) throw new Error(`Delivery ${deliveryId} has no events.`);
  return {
    state: past.reduce(deliveryDecider.evolve, deliveryDecider.initialState()),
    revision: last.revision,
    last,
  };
};

const isTheTryDue = ({ state }: KnownDelivery, due: DueDoc): boolean =>
  state.status === 'pending' &&
  state.due_at !== null &&
  Date.parse(state.due_at) === due.due_at_ms &&
  (due.round === undefined || due.round === state.round.number);

/** The webhook's body: kept since its event was planned in this process, or built from the log. */
const bodyOf = async (services: AttemptNeeds, due: DueDoc): Promise<string> => {
  const kept = services.webhookBodies.recall(due.event_id);
  if (kept !== undefined) return kept;
  const [event] = (await services.eventStore.readStream(businessEventStream(due.event_id), {
    limit: 1,
  })) as RecordedEvent<BusinessEvent>[];
  if (!event) throw new Error(`Delivery ${due.id} names no event.`);
  return services.webhookBodies.remember(eventDoc(event.type, event.data));
};

const countEndings = (services: AttemptNeeds, events: readonly DomainEvent[]) => {
  for (const event of events) {
    const ending = deliveryEnding(event);
    if (ending) services.metrics.delivery.ended(ending);
  }
};

/** The secrets that sign now: the current one, and the previous one during a rotation's grace. */
const signingSecrets = (services: AttemptNeeds, doc: EndpointSecretsDoc, now: Date): string[] => {
  const secrets = [services.secrets.open(doc.current, doc.id)];
  if (
    doc.previous &&
    doc.previous_expires_at &&
    Date.parse(doc.previous_expires_at) > now.getTime()
  ) {
    secrets.push(services.secrets.open(doc.previous, doc.id));
  }
  return secrets;
};

/** What the dispatcher already knows of a due delivery, so that the attempt need not read it again. */
export type AttemptInputs = {
  /** The endpoint and its secrets as the dispatcher read them to take its slot (undefined: deleted). */
  endpoint: EndpointDoc | undefined;
  secrets: EndpointSecretsDoc | undefined;
  /** The delivery's stream as its last event left it, when that event was seen. */
  known?: KnownDelivery;
  /** Told just before the request goes on the wire (an attempt may end without sending). */
  sending?: () => void;
  /** Told once the receiver has answered (or could not be reached), before the outcome is recorded. */
  answered?: () => void;
};

/**
 * One attempt of one due delivery: to a live, enabled endpoint only; signed; its outcome appended to
 * the delivery's stream, which schedules the next try. Then the endpoint's health is looked at.
 * Returns when the delivery's next try is due (ms), if the attempt scheduled one.
 */
export const attemptDelivery = async (
  context: AttemptContext,
  due: DueDoc,
  inputs: AttemptInputs,
): Promise<number | null> => {
  const { services, sender } = context;
  const { endpoint, secrets } = inputs;
  const delivery = inputs.known ?? (await readDelivery(services, due.id));
  // The due queue is a read model, and may lag its stream: a try is sent only while the stream
  // says it is the one due. A delivery that has ended (succeeded, failed, abandoned), or whose try
  // at this time was made and recorded (the queue still lists it), is not sent again.
  if (!isTheTryDue(delivery, due)) return null;
  // An attempt follows from its delivery's last event: the plan, the round's requeue, or the
  // attempt that scheduled this retry. It carries that event's correlation.
  const metadata = causedBy(delivery.last, ACTOR);
  const known = { known: { state: delivery.state, revision: delivery.revision } };

  if (!endpoint || !secrets || endpoint.disabled) {
    const abandoned = await handleCommand(
      services.eventStore,
      deliveryDecider,
      due.id,
      {
        type: 'abandon_delivery',
        reason: endpoint ? 'endpoint_disabled' : 'endpoint_deleted',
        now: services.now().toISOString(),
      },
      metadata,
      known,
    );
    if (isRight(abandoned)) countEndings(services, abandoned.right.events);
    return null;
  }

  const body = await bodyOf(services, due);
  const now = services.now();
  inputs.sending?.();
  const { outcome, retryAfterMs } = await sender.send({
    url: endpoint.url,
    body,
    timeoutMs: services.config.attemptTimeoutMs,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Sluice-Webhooks/1',
      ...openHeaders(services.secrets, endpoint.id, secrets?.headers ?? {}),
    },
    signing: { id: due.event_id, at: now, secrets: signingSecrets(services, secrets, now) },
  });
  inputs.answered?.();
  services.metrics.delivery.attempt(outcome.error?.code ?? 'succeeded', outcome.duration_ms / 1000);
  if (!context.running()) return null;

  const recorded = await handleCommand(
    services.eventStore,
    deliveryDecider,
    due.id,
    {
      type: 'record_attempt',
      ...(due.round !== undefined && { round: due.round }),
      attempt_id: newId('atm'),
      outcome,
      schedule_ms: services.config.retryScheduleS.map((s) => s * 1000),
      jitter: (Math.random() * 2 - 1) * 0.1,
      retry_after_ms: retryAfterMs,
      now: services.now().toISOString(),
    },
    metadata,
    known,
  );
  if (isLeft(recorded))
    throw new Error(`Recording an attempt of ${due.id}: ${recorded.left.detail}`);
  countEndings(services, recorded.right.events);
  // The due queue and the failing streak are read models: let them take this attempt in before
  // the delivery is let go (so the queue no longer offers it) and before judging the endpoint.
  await services.projector.caughtUp(recorded.right.position, undefined, [
    deliveriesProjection.name,
  ]);
  if (outcome.status === 'failed')
    await judgeEndpoint(services, endpoint, { outcome, sentAt: now }, metadata);
  const next = recorded.right.events[0]?.data;
  return next && 'next_attempt_at' in next && next.next_attempt_at
    ? Date.parse(next.next_attempt_at)
    : null;
};

/**
 * 410 Gone disables at once; failing every try for the configured time (and 10 tries) too. Either
 * is judged on a request sent at `sentAt`, which cannot disable an endpoint enabled since.
 */
const judgeEndpoint = async (
  services: AttemptNeeds,
  endpoint: EndpointDoc,
  { outcome, sentAt }: { outcome: AttemptOutcome; sentAt: Date },
  metadata: EventMetadata,
) => {
  if (outcome.status === 'succeeded') return;
  if (outcome.response_status_code === 410)
    return disableEndpoint(services, endpoint.id, 'gone', sentAt, metadata);
  const streak = await getDoc(services.readStore, FAILING_ENDPOINTS, endpoint.id);
  if (!streak) return;
  const failingFor = services.now().getTime() - Date.parse(streak.first_failure_at);
  if (
    streak.failures >= MIN_FAILURES_TO_DISABLE &&
    failingFor >= services.config.disableAfterS * 1000
  ) {
    await disableEndpoint(services, endpoint.id, 'failing', sentAt, metadata);
  }
};
