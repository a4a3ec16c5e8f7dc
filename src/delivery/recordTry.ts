import { isLeft, right } from 'fp-ts/lib/Either.js';
import type { Either } from 'fp-ts/lib/Either.js';
import { isPassingStoreFault } from '../../adapters/storeFaults.js';
import { troubleBackoffMs } from '../../adapters/eventstore/troublePause.js';
import type {
  AttemptOutcome,
  DeliveryEvent,
  DeliveryState,
  RecordAttempt,
} from '../../domain/deliveries/delivery.js';
import { deliveryDecider } from '../../domain/deliveries/delivery.js';
import type { EventMetadata, RecordedEvent } from '../../domain/shared/envelope.js';
import type { DomainError } from '../../domain/shared/errors.js';
import { deliveriesProjection } from '../../projections/deliveries.js';
import type { DueDoc } from '../../projections/deliveries.js';
import type { CommandResult } from '../commands/handleCommand.js';
import { handleCommand } from '../commands/handleCommand.js';
import { newId } from '../ids.js';
import type { KnownDelivery } from './knownDeliveries.js';
import type { AttemptNeeds } from './tryParts.js';
import { countEndings } from './tryParts.js';

type Recorded = Either<
  DomainError,
  Pick<CommandResult<DeliveryEvent, DeliveryState>, 'events' | 'position'>
>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The attempt's record, when an append whose answer was lost did write it: a connection cut after
 * the commit leaves the caller unsure, and the stream says.
 */
const alreadyRecorded = async (
  services: AttemptNeeds,
  deliveryId: string,
  attemptId: string,
): Promise<Recorded | undefined> => {
  const past = (await services.eventStore.readStream(deliveryId)) as RecordedEvent<DeliveryEvent>[];
  const record = past.find(
    (event) => event.type === 'delivery.attempted' && event.data.attempt_id === attemptId,
  );
  return record ? right({ events: [record], position: record.position }) : undefined;
};

/**
 * Appends the attempt's record, and keeps at it through a database that fails for a while (cut
 * off, restarting, out of connections): the receiver has the webhook, and an attempt made but not
 * recorded would be sent again and counted once for two. Each try after the first looks whether
 * the last one did write it. Gives up only when `going` says the dispatcher is stopping (the try
 * is then sent again after its restart) or on an error that is not the database's passing fault.
 */
const appendRecord = async (
  services: AttemptNeeds,
  due: DueDoc,
  command: RecordAttempt,
  { delivery, metadata }: { delivery: KnownDelivery; metadata: EventMetadata },
  going: () => boolean,
): Promise<Recorded> => {
  for (let failures = 0; ;) {
    try {
      const found = failures > 0 && (await alreadyRecorded(services, due.id, command.attempt_id));
      if (found) return found;
      const recorded = await handleCommand(
        services.eventStore,
        deliveryDecider,
        due.id,
        command,
        metadata,
        // After a failure the stream is read again: the last try may have changed it.
        failures === 0 ? { known: { state: delivery.state, revision: delivery.revision } } : {},
      );
      if (failures > 0)
        services.logger.info({ delivery: due.id, failures }, 'an attempt is recorded after all');
      return recorded;
    } catch (err) {
      if (!isPassingStoreFault(err) || !going()) throw err;
      failures++;
      if (failures === 1)
        services.logger.warn(
          { err, delivery: due.id },
          'recording an attempt failed; trying again until the database answers',
        );
      await sleep(troubleBackoffMs(failures));
    }
  }
};

/**
 * Appends a try's outcome to its delivery's stream, which schedules the next try, and lets the due
 * queue take it in (so the queue no longer offers the try). Returns when the next try is due (ms).
 */
export const recordTry = async (
  services: AttemptNeeds,
  due: DueDoc,
  seen: { delivery: KnownDelivery; metadata: EventMetadata },
  { outcome, retryAfterMs }: { outcome: AttemptOutcome; retryAfterMs: number | null },
  going: () => boolean = () => true,
): Promise<number | null> => {
  const command: RecordAttempt = {
    type: 'record_attempt',
    ...(due.round !== undefined && { round: due.round }),
    attempt_id: newId('atm'),
    outcome,
    schedule_ms: services.config.retryScheduleS.map((s) => s * 1000),
    jitter: (Math.random() * 2 - 1) * 0.1,
    retry_after_ms: retryAfterMs,
    now: services.now().toISOString(),
  };
  const recorded = await appendRecord(services, due, command, seen, going);
  if (isLeft(recorded))
    throw new Error(`Recording an attempt of ${due.id}: ${recorded.left.detail}`);
  countEndings(services, recorded.right.events);
  // The due queue and the failing streak are read models: let them take this attempt in before
  // the delivery is let go (so the queue no longer offers it) and before judging the endpoint.
  await services.projector.caughtUp(recorded.right.position, undefined, [
    deliveriesProjection.name,
  ]);
  const next = recorded.right.events[0]?.data;
  return next && 'next_attempt_at' in next && next.next_attempt_at
    ? Date.parse(next.next_attempt_at)
    : null;
};
