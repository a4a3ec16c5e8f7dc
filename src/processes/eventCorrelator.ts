import type { FeedConsumer } from '../../adapters/transport/port.js';
import type { BusinessEvent } from '../../domain/events/businessEvent.js';
import { BUSINESS_EVENT_STREAM_PREFIX } from '../../domain/events/businessEvent.js';
import { caughtBy } from '../../domain/processes/execution/catching.js';
import { followingStep, stepById } from '../../domain/processes/execution/stepGraph.js';
import type { ReceivedEvent } from '../../domain/processes/instance/instanceEvents.js';
import type { RecordedEvent } from '../../domain/shared/envelope.js';
import { causedBy, comparePositions } from '../../domain/shared/envelope.js';
import type { EventWaitDoc } from '../../projections/processInstances.js';
import {
  PROCESS_EVENT_WAITS,
  processInstancesProjection,
} from '../../projections/processInstances.js';
import { runOnFeed } from '../processing/processor.js';
import { allDocs } from '../reads/readModels.js';
import type { Services } from '../services.js';
import { EXECUTOR_ACTOR } from './executorActor.js';
import type { Definitions } from './definitions.js';
import { evaluate, ExpressionError, isTrue } from './expressions.js';
import { InstanceMoved, openSession } from './instanceSession.js';

type Needs = Pick<Services, 'eventStore' | 'feed' | 'logger' | 'now' | 'projector' | 'readStore'>;

/** The executors' group that correlates business events with the instances waiting for them. */
export const CORRELATOR = 'process_correlator';

type Deps = { services: Needs; definitions: Definitions };

type Published = RecordedEvent<BusinessEvent>;

/** Instances an event is offered to at once: many waiting on one key take their turns. */
const OFFERS_AT_ONCE = 16;
/** Offers made again when another writer appended to the instance first. */
const MOVED_TRIES = 5;

const receivedOf = (event: Published): ReceivedEvent => ({
  id: event.data.id,
  type: event.type,
  created_at: event.data.created_at,
  data: event.data.data,
});

/** What became of an offer: the instance took the event (or failed on its match), or it did not. */
type Offer = 'taken' | 'declined';

/**
 * Offers the event to one waiting instance: its `match`, over the instance's context and the
 * event, decides. The instance's stream says whether it still waits for this; a wait that ended
 * meanwhile (another event, its deadline, a cancel) declines. No lease is taken: the receipt is
 * appended at the revision read, so a writer that got there first wins and the offer is made again
 * on what it wrote.
 */
const offerOnce = async (
  { services, definitions }: Deps,
  wait: EventWaitDoc,
  event: Published,
): Promise<Offer> => {
  const session = await openSession(services.eventStore, wait.id);
  const state = session.state;
  const current = state.exists ? state.current : null;
  if (!state.exists || current?.step_id !== wait.step_id || current.wait?.kind !== 'event')
    return 'declined';
  // The same step waiting again (a loop) waits anew: only events after its new start count.
  if (session.waitingSince !== wait.since) return 'declined';
  // Recorded at or past the deadline: too late, whenever it is correlated.
  const until = current.wait.until;
  if (until !== undefined && event.data.created_at >= until) return 'declined';
  const version = await definitions.version(state.definition.id, state.definition.version);
  const step = version && stepById(version.body, wait.step_id);
  if (!version || step?.type !== 'wait_for_event') return 'declined';
  const now = services.now().toISOString();
  const received = receivedOf(event);
  try {
    const context = {
      input: state.inputs,
      steps: state.outputs,
      instance: { id: state.instance_id, merchant_id: state.merchant_id },
      event: received,
    };
    if (!isTrue(await evaluate(step.match, context))) return 'declined';
    const next = followingStep(version.body, step.id);
    session.decide({
      type: 'receive_event',
      step_id: step.id,
      event: received,
      next,
      recorded_at: event.data.created_at,
      now,
    });
  } catch (err) {
    if (!(err instanceof ExpressionError)) throw err;
    // The match is the definition's fault: the step fails with it, as any expression's would.
    const caught = caughtBy(step, err.code);
    session.decide({
      type: 'fail_step',
      step_id: step.id,
      code: err.code,
      message: `${err.message} (in ${err.expression})`,
      ...(caught !== undefined && { next: caught }),
      now,
    });
  }
  // The receipt is news on the instance's stream: the executor moves the instance on. Its cause is
  // the event that woke it, so following that event's correlation finds the instance it moved and
  // what the instance did next.
  await session.flush(causedBy(event, EXECUTOR_ACTOR));
  return 'taken';
};

/** An offer, made again on the instance as it now stands when another writer got there first. */
const offer = async (deps: Deps, wait: EventWaitDoc, event: Published): Promise<Offer> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await offerOnce(deps, wait, event);
    } catch (err) {
      if (!(err instanceof InstanceMoved) || attempt >= MOVED_TRIES) throw err;
    }
  }
};

/**
 * `wait_for_event` (PRODUCT.md 16): each business event is offered to the instances of its
 * merchant that wait for its type, found through their index (never by reading instances), and
 * only to those whose wait began before the event was recorded. One executor of the group
 * correlates each event, in the log's order, at least once: a receipt is idempotent.
 */
export const startEventCorrelator = (deps: Deps): Promise<FeedConsumer> =>
  runOnFeed(
    deps.services.feed,
    {
      name: CORRELATOR,
      filter: { streamPrefixes: [BUSINESS_EVENT_STREAM_PREFIX] },
      handle: async (events) => {
        const last = events[events.length - 1];
        const reading = [processInstancesProjection.name];
        if (last && !(await deps.services.projector.caughtUp(last.position, undefined, reading)))
          throw new Error('The process waits read model is behind the events to correlate.');
        const waitsOf = new Map<string, Promise<EventWaitDoc[]>>();
        for (const event of events as readonly Published[]) {
          const key = `${event.data.merchant_id}\u0000${event.type}`;
          let waits = waitsOf.get(key);
          if (!waits) {
            waits = allDocs(deps.services.readStore, PROCESS_EVENT_WAITS, {
              where: { merchant_id: event.data.merchant_id, event_type: event.type },
              orderBy: { field: 'step_id', direction: 'asc' },
            });
            waitsOf.set(key, waits);
          }
          const open = await waits;
          const before = open.filter((wait) => comparePositions(wait.since, event.position) < 0);
          const taken = new Set<string>();
          for (let at = 0; at < before.length; at += OFFERS_AT_ONCE)
            await Promise.all(
              before.slice(at, at + OFFERS_AT_ONCE).map(async (wait) => {
                if ((await offer(deps, wait, event)) === 'taken') taken.add(wait.id);
              }),
            );
          // A wait that took this event is over: the next events of the batch skip it.
          if (taken.size > 0)
            waitsOf.set(key, Promise.resolve(open.filter((wait) => !taken.has(wait.id))));
        }
      },
    },
    deps.services,
    { firstFrom: 'end' },
  );
