import { useCallback, useEffect, useState } from 'preact/hooks';

const EVERY_MS = 3000;
/** With nothing pending, new messages still show up, only later. */
const IDLE_EVERY_MS = 30_000;
/** How long the views keep polling after an action, for its messages to appear. */
const AFTER_ACTION_MS = 20_000;

export type Polling = {
  /** Changes on every poll: views reload when it does. */
  tick: number;
  /** Reload now, and keep polling a while: something was just sent. */
  refresh: () => void;
};

/**
 * A tick every few seconds while `busy` (a message is still pending) or shortly after an action,
 * every half minute otherwise, and none once the view is gone.
 */
export const usePolling = (busy: boolean): Polling => {
  const [tick, setTick] = useState(0);
  const [liveUntil, setLiveUntil] = useState(0);
  const active = busy || Date.now() < liveUntil;
  useEffect(() => {
    const timer = window.setInterval(
      () => setTick((t) => t + 1),
      active ? EVERY_MS : IDLE_EVERY_MS,
    );
    return () => window.clearInterval(timer);
  }, [active]);
  const refresh = useCallback(() => {
    setLiveUntil(Date.now() + AFTER_ACTION_MS);
    setTick((t) => t + 1);
  }, []);
  return { tick, refresh };
};
