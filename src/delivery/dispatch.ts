import type { WebhookSender } from '../../adapters/delivery/port.js';
import type { PartitionHold } from '../../adapters/partitions/port.js';
import type { DueDoc } from '../../projections/deliveries.js';
import { ENDPOINT_SECRETS, WEBHOOK_ENDPOINTS } from '../../projections/webhookEndpoints.js';
import type { Services } from '../services.js';
import { getDoc } from '../reads/readModels.js';
import type { AttemptNeeds } from './attempt.js';
import { attemptDelivery } from './attempt.js';
import type { DueQueue } from './dueQueue.js';
import type { EndpointCache, EndpointOf } from './endpointCache.js';

export type { EndpointOf } from './endpointCache.js';
import type { EndpointLimits } from './endpointLimits.js';
import type { KnownDeliveries } from './knownDeliveries.js';
import type { WakeSignal } from './wakeSignal.js';

/** What a dispatcher uses of the services: an attempt's, claims, and the endpoints' partitions. */
export type Needs = AttemptNeeds & Pick<Services, 'claims' | 'partitions'>;

/** How long a dispatcher rests after a failed attempt or round. */
export const AFTER_FAILURE_MS = 1_000;
/**
 * A try's claim: renewed every third of it while the try is on the wire or being recorded, so a
 * dead dispatcher's tries are free again this soon, however long a try may take.
 */
export const CLAIM_LEASE_MS = 10_000;

/** One try of one delivery: a retry falls due at another time, and is claimed anew. */
export const claimKey = (due: DueDoc) => `${due.id}@${due.due_at_ms}`;

/** What a dispatcher holds while it runs; each of its stages takes it. */
export type Dispatch = {
  services: Needs;
  sender: WebhookSender;
  limits: EndpointLimits;
  wake: WakeSignal;
  known: KnownDeliveries;
  work: DueQueue;
  /** The endpoints whose deliveries this dispatcher starts: its partitions of them. */
  hold: PartitionHold;
  /**
   * When this dispatcher last started a try or put one on the wire, by partition: a try held for
   * its place in the endpoint's rate goes on the wire after it started.
   */
  lastSentAt: Map<number, number>;
  /** Deliveries being attempted, by id. */
  inFlight: Map<string, { endpointId: string; attempt: Promise<void> }>;
  /** Rounds that fell due while a try of their delivery was still on the wire. */
  parked: Map<string, DueDoc>;
  /** Endpoints kept between rounds, where the read models are a round trip away. */
  endpoints: EndpointCache | undefined;
  /** Claims are taken in names made of this one and a count. */
  owner: string;
  claimsMade: number;
  running: boolean;
  resyncedAt: number;
};

/** A try to start: its endpoint as read, and when its place in the endpoint's rate frees (ms). */
export type TryToStart = EndpointOf & { sendAt: number };

export const readEndpoint = async (services: Needs, id: string): Promise<EndpointOf> => {
  const endpoint = await getDoc(services.readStore, WEBHOOK_ENDPOINTS, id);
  const secrets = await getDoc(services.readStore, ENDPOINT_SECRETS, id);
  return { ...(endpoint && { endpoint }), ...(secrets && { secrets }) };
};

/**
 * Sends one try once `claimed` says it is this dispatcher's, and lets the delivery go once its
 * outcome is recorded. A claim refused (another dispatcher has the try) or failed gives the
 * endpoint's slot and place in its rate back: the try stays in the durable queue.
 */
export const launch = (
  d: Dispatch,
  due: DueDoc,
  start: TryToStart,
  claimant: string,
  claimed: Promise<boolean>,
  giveBack: () => void,
) => {
  const attempt = claimed.then(
    (ours) => {
      if (ours) return send(d, due, start, claimant);
      giveBack();
      letGo(d, due);
    },
    (err: unknown) => {
      giveBack();
      letGo(d, due);
      d.services.logger.error({ err, delivery: due.id }, 'a try could not be claimed');
    },
  );
  d.inFlight.set(due.id, { endpointId: due.endpoint_id, attempt });
};

/** The delivery is no longer in flight: a round that fell due meanwhile is offered now. */
const letGo = (d: Dispatch, due: DueDoc) => {
  d.inFlight.delete(due.id);
  d.work.settled(due.endpoint_id);
  const again = d.parked.get(due.id);
  if (again) {
    d.parked.delete(due.id);
    d.work.offer([again], Date.now());
  }
  d.wake.notify();
};

/** Sends one claimed try, and lets the delivery go once its outcome is recorded. */
const send = (
  d: Dispatch,
  due: DueDoc,
  { endpoint, secrets, sendAt }: TryToStart,
  claimant: string,
) => {
  // The claim outlasts the try and its recording (the queue has moved on before it ends).
  const renewal = setInterval(() => {
    d.services.claims.claim(claimKey(due), claimant, CLAIM_LEASE_MS).catch(() => undefined);
  }, CLAIM_LEASE_MS / 3);
  // The endpoint's slot is for a request on the wire: it frees once the receiver has answered,
  // while the outcome is being recorded. The delivery itself stays in flight (the queue does
  // not offer it again) until its outcome is recorded.
  let slotHeld = true;
  let sent = false;
  const wired = (at: number | undefined) => {
    if (at === undefined) return;
    sent = true;
    d.limits.sent(due.endpoint_id, at);
    const partition = d.hold.partitionOf(due.endpoint_id);
    d.lastSentAt.set(partition, Math.max(d.lastSentAt.get(partition) ?? -Infinity, at));
  };
  const freeSlot = () => {
    if (!slotHeld) return;
    slotHeld = false;
    if (!sent) d.limits.unsent(due.endpoint_id);
    d.work.slotFreed(due.endpoint_id, d.limits.release(due.endpoint_id));
    d.wake.notify();
  };
  const { services, sender } = d;
  return attemptDelivery({ services, sender, running: () => d.running }, due, {
    endpoint,
    secrets,
    sendAt,
    ...d.known.take(due.id),
    wired,
    answered: freeSlot,
  })
    .then((at) => {
      if (at !== null) d.work.retryAt(due.endpoint_id, at);
    })
    .catch((err: unknown) => {
      services.logger.error({ err, delivery: due.id }, 'delivery attempt failed');
      return new Promise<void>((resolve) => setTimeout(resolve, AFTER_FAILURE_MS));
    })
    .finally(() => {
      clearInterval(renewal);
      letGo(d, due);
      freeSlot();
    });
};
