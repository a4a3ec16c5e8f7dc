/**
 * Who may send now: at most `global` attempts in flight, at most `perEndpoint` to one endpoint, and
 * no more than an endpoint's `rate_limit_per_s` in any second. A busy or slow endpoint is set aside
 * while the others go on.
 */
export type EndpointLimits = {
  /** Takes a slot for the endpoint, or says no (`refusal` then says why). */
  tryAcquire: (endpointId: string, ratePerSecond: number | null) => boolean;
  /**
   * Why the endpoint cannot take another attempt now: every slot is taken (`global`), its own
   * slots are (`slots`: one frees when an attempt of it is answered), or its rate is spent (when
   * to look again: once a few more may start). Null: it could.
   */
  refusal: (endpointId: string) => 'global' | 'slots' | number | null;
  release: (endpointId: string) => void;
  globalFull: () => boolean;
  inFlight: () => number;
  /**
   * Forgets the endpoints that started nothing within the window: they may send their whole rate
   * at once again, so the state kept is that of endpoints sending now, not of every endpoint that
   * ever sent.
   */
  forgetRefilled: () => void;
  /** Endpoints whose rate is being kept: those that sent lately and have not been forgotten. */
  tracked: () => number;
};

/**
 * The window a rate counts in. A little over a second: the receiver counts arrivals, and a request
 * can reach it a few milliseconds sooner or later than another, so `rate` starts spread over this
 * window never arrive as more than `rate` in any second.
 */
export const RATE_WINDOW_MS = 1_050;

/** An endpoint turned away for its rate is looked at again once this many more may start (or its rate, if less). */
const STARTS_PER_LOOK = 8;

/** The start times of an endpoint's attempts within the window, oldest first. */
type Window = { rate: number; starts: number[] };

export const endpointLimits = (
  global: number,
  perEndpoint: number,
  now: () => number = () => Date.now(),
): EndpointLimits => {
  const active = new Map<string, number>();
  const windows = new Map<string, Window>();
  let total = 0;

  /** Drops the starts that left the window: what is left counts against the rate. */
  const slide = (window: Window, at: number) => {
    let gone = 0;
    while (gone < window.starts.length && window.starts[gone]! <= at - RATE_WINDOW_MS) gone++;
    if (gone > 0) window.starts.splice(0, gone);
  };

  return {
    tryAcquire: (endpointId, rate) => {
      if (total >= global || (active.get(endpointId) ?? 0) >= perEndpoint) return false;
      const at = now();
      if (rate !== null) {
        let window = windows.get(endpointId);
        if (!window) {
          window = { rate, starts: [] };
          windows.set(endpointId, window);
        }
        window.rate = rate;
        slide(window, at);
        if (window.starts.length >= rate) return false;
        window.starts.push(at);
      } else {
        windows.delete(endpointId);
      }
      active.set(endpointId, (active.get(endpointId) ?? 0) + 1);
      total++;
      return true;
    },
    refusal: (endpointId) => {
      if (total >= global) return 'global';
      if ((active.get(endpointId) ?? 0) >= perEndpoint) return 'slots';
      const window = windows.get(endpointId);
      if (!window) return null;
      const at = now();
      slide(window, at);
      const over = window.starts.length - window.rate;
      if (over < 0) return null;
      // Back when a few may start, not at each one: the endpoint's backlog then goes out a few
      // requests at a time, their outcomes recorded together, for a fraction of the wakes and
      // commits of one at a time; the rate over any second is the same.
      const wanted = Math.max(1, Math.min(window.rate, STARTS_PER_LOOK));
      return window.starts[over + wanted - 1]! + RATE_WINDOW_MS;
    },
    release: (endpointId) => {
      const n = (active.get(endpointId) ?? 1) - 1;
      if (n <= 0) active.delete(endpointId);
      else active.set(endpointId, n);
      total--;
    },
    globalFull: () => total >= global,
    inFlight: () => total,
    forgetRefilled: () => {
      const at = now();
      for (const [endpointId, window] of windows) {
        slide(window, at);
        if (window.starts.length === 0) windows.delete(endpointId);
      }
    },
    tracked: () => windows.size,
  };
};
