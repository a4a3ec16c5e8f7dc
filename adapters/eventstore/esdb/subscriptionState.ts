import type { AllStreamSubscription } from '@eventstore/db-client';
import type { Position, RecordedEvent } from '../../../domain/shared/envelope.js';
import type { SubscriptionDrops } from './subscriptionDrops.js';

/**
 * A place the subscription has passed: an event it wants, or only a position it went by; or an
 * arrival it could not read, which ends the subscription in its turn.
 */
export type Item = { at: bigint; event?: RecordedEvent; error?: Error };

export type Waiter = { position: Position; resolve: () => void; reject: (e: Error) => void };

/** Where one subscription stands: what its stages share. */
export type State = {
  /** Every event up to here has been handed over (and the handler returned). */
  cursor: Position | undefined;
  queue: Item[];
  stopped: boolean;
  failure: Error | undefined;
  /** Callers of `reached` waiting for the cursor to pass their position. */
  waiters: Waiter[];
  /** Wakes the delivery loop while it waits for the queue to fill. */
  wake: (() => void) | undefined;
  stream: AllStreamSubscription | undefined;
  /** Every drop of the connection so far, and those since something last arrived. */
  drops: number;
  consecutive: number;
  /** The pending subscribe-again after a drop. */
  retry: NodeJS.Timeout | undefined;
};

export const initialState = (cursor: Position | undefined): State => ({
  cursor,
  queue: [],
  stopped: false,
  failure: undefined,
  waiters: [],
  wake: undefined,
  stream: undefined,
  drops: 0,
  consecutive: 0,
  retry: undefined,
});

export const wakeLoop = (state: State) => {
  state.wake?.();
  state.wake = undefined;
};

/** Ends the subscription on a failure: its waiters, any later `reached`, and its owner hear of it. */
export const fail = (state: State, error: unknown, drops: SubscriptionDrops) => {
  if (state.failure !== undefined) return;
  const failure = error instanceof Error ? error : new Error(String(error));
  state.failure = failure;
  for (const w of state.waiters) w.reject(failure);
  state.waiters = [];
  wakeLoop(state);
  drops.onFailed?.(failure);
};
