import { openHeaders } from '../webhooks/endpointHeaders.js';
import { isRight } from 'fp-ts/lib/Either.js';
import type { WebhookSender } from '../../adapters/delivery/port.js';
import type { AttemptOutcome, DeliveryAbandoned } from '../../domain/deliveries/delivery.js';
import { deliveryDecider } from '../../domain/deliveries/delivery.js';
import type { EventMetadata } from '../../domain/shared/envelope.js';
import { causedBy } from '../../domain/shared/envelope.js';
import type { DueDoc } from '../../projections/deliveries.js';
import { FAILING_ENDPOINTS } from '../../projections/deliveries.js';
import type { EndpointDoc, EndpointSecretsDoc } from '../../projections/webhookEndpoints.js';
import { handleCommand } from '../commands/handleCommand.js';
import { disableEndpoint } from './disableEndpoint.js';
import type { KnownDelivery } from './knownDeliveries.js';
import { bodyOf, countEndings, isTheTryDue, readDelivery, signingSecrets } from './tryParts.js';
import { recordTry } from './recordTry.js';
import type { AttemptNeeds } from './tryParts.js';
import { getDoc } from '../reads/readModels.js';

export type { AttemptNeeds } from './tryParts.js';

const ACTOR = 'sluice:dispatcher';
/** An endpoint is disabled after failing this long and at least this many times in a row. */
const MIN_FAILURES_TO_DISABLE = 10;

export type AttemptContext = {
  services: AttemptNeeds;
  sender: WebhookSender;
  /** False once the dispatcher is stopping: an attempt then records nothing and is sent again later. */
  running: () => boolean;
};

/** What the dispatcher already knows of a due delivery, so that the attempt need not read it again. */
export type AttemptInputs = {
  /** The endpoint and its secrets as the dispatcher read them to take its slot (undefined: deleted). */
  endpoint: EndpointDoc | undefined;
  secrets: EndpointSecretsDoc | undefined;
  /** Not on the wire before this (ms since the epoch): when its place in the endpoint's rate frees. */
  sendAt?: number;
  /** The delivery's stream as its last event left it, when that event was seen. */
  known?: KnownDelivery;
  /**
   * Told once the sender is done, before `answered`: when the request went on the wire (ms since
   * the epoch), or undefined when it never did (an attempt may end without sending).
   */
  wired?: (at: number | undefined) => void;
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

  const abandon = async (reason: DeliveryAbandoned['data']['reason']) => {
    const abandoned = await handleCommand(
      services.eventStore,
      deliveryDecider,
      due.id,
      { type: 'abandon_delivery', reason, now: services.now().toISOString() },
      metadata,
      known,
    );
    if (isRight(abandoned)) countEndings(services, abandoned.right.events);
    return null;
  };
  if (!endpoint || !secrets || endpoint.disabled)
    return abandon(endpoint ? 'endpoint_disabled' : 'endpoint_deleted');

  const body = await bodyOf(services, due);
  if (typeof body !== 'string') return abandon(body.abandon);
  const now = services.now();
  const { outcome, retryAfterMs, wiredAt } = await sender.send({
    url: endpoint.url,
    body,
    timeoutMs: services.config.attemptTimeoutMs,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Sluice-Webhooks/1',
      ...openHeaders(services.secrets, endpoint.id, secrets?.headers ?? {}),
    },
    signing: { id: due.event_id, at: now, secrets: signingSecrets(services, secrets, now) },
    notBefore: inputs.sendAt ?? 0,
  });
  inputs.wired?.(wiredAt);
  inputs.answered?.();
  services.metrics.delivery.attempt(outcome.error?.code ?? 'succeeded', outcome.duration_ms / 1000);
  if (!context.running()) return null;

  const next = await recordTry(
    services,
    due,
    { delivery, metadata },
    { outcome, retryAfterMs },
    context.running,
  );
  if (outcome.status === 'failed')
    await judgeEndpoint(services, endpoint, { outcome, sentAt: now }, metadata);
  return next;
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
