import type { WorkPartitions } from '../../adapters/partitions/port.js';
import type { Logger } from '../logging/logger.js';

type Stoppable = { stop: () => Promise<void> };

/** How often a standby looks whether it holds the role now (a lease can also lapse unannounced). */
const LOOK_EVERY_MS = 1_000;

export type ActiveRole<Running> = Stoppable & {
  /** The role's work, while this process is the active one. */
  active: () => Running | undefined;
};

/**
 * A role that runs in one process at a time (the projector, the relay): the process holding the
 * role's single partition runs it, the others stand by. A standby starts it once it holds the
 * partition: at once when the active process stops, within its lease (10 s) and a renewal after it
 * died. A process that no longer holds it (its lease lapsed unrenewed) stops its work.
 */
export const activeRole = async <Running extends Stoppable>(
  partitions: WorkPartitions,
  role: string,
  start: () => Promise<Running>,
  logger: Logger,
): Promise<ActiveRole<Running>> => {
  const hold = await partitions.join(role, { partitions: 1 });
  let running: Running | undefined;
  let stopped = false;
  let turn = Promise.resolve();
  const look = () => {
    turn = turn
      .then(async () => {
        const holds = !stopped && hold.holds(role);
        if (holds && !running) {
          running = await start();
          logger.info({ role }, 'this process is now the active one of its role');
        } else if (!holds && running) {
          const stopping = running;
          running = undefined;
          await stopping.stop();
          if (!stopped) logger.warn({ role }, 'the role is no longer held here; standing by');
        }
      })
      .catch((err: unknown) => logger.error({ err, role }, 'taking up the role failed'));
    return turn;
  };
  hold.onChange(() => void look());
  const timer = setInterval(() => void look(), LOOK_EVERY_MS);
  await look();
  if (!running) logger.info({ role }, 'another process is active in this role; standing by');
  return {
    active: () => running,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await look();
      await hold.leave();
    },
  };
};
