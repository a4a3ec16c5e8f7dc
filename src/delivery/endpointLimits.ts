/**
 * Who may send now: at most `global` attempts in flight, at most `perMerchant` to the endpoints of
 * one merchant, at most `perEndpoint` to one endpoint, and no more than an endpoint's
 * `rate_limit_per_s` in any second. A busy or slow endpoint is set aside while the others go on;
 * so is a merchant whose endpoints hold its whole share, so that no merchant's hanging receivers
 * take the slots every other merchant's deliveries need.
 */
export type EndpointLimits = {
  /**
   * Takes a slot for the endpoint, and a place in its rate until the sender tells when the request
   * went on the wire (`sent`) or that it never did (`unsent`): the time (ms) from which its request
   * may go on the wire, at most `RATE_LEAD_MS` from now. False: no (`refusal` says why).
   */
  tryAcquire: (
    endpointId: string,
    merchantId: string,
    ratePerSecond: number | null,
  ) => number | false;
  /** The request of an acquired slot went on the wire at `at` (ms): its second counts from then. */
  sent: (endpointId: string, at: number) => void;
  /** The request of an acquired slot was not sent after all. */
  unsent: (endpointId: string) => void;
  /**
   * Why the endpoint cannot take another attempt now: every slot is taken (`global`), its
   * merchant's share is (`merchant`: one frees when an attempt to any of its endpoints is
   * answered), its own slots are (`slots`: one frees when an attempt of it is answered), or its
   * rate is spent (when to look again: once a few more may start). Null: it could.
   */
  refusal: (
    endpointId: string,
    merchantId: string,
  ) => 'global' | 'merchant' | 'slots' | number | null;
  /** Frees an acquired slot; says whose share it was part of. */
  release: (endpointId: string) => string | undefined;
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
 * The window a rate counts in. A request counts from when its connection took it to write it (the
 * sender says when, once it is done; until then it counts as in the window), so that `rate`
 * requests in any window never reach the receiver as more than `rate` in any second. A little
 * over a second: one request may take a few milliseconds longer than the next to reach the
 * receiver. Counted from the hand-over to the sending thread instead, a window of 1.3 s was
 * needed and held an endpoint to 75 % of its rate.
 */
export const RATE_WINDOW_MS = 1_020;

/**
 * How long before its place in the rate frees a request may be started: it is claimed, read and
 * signed meanwhile, and handed to the sender to go on the wire at that moment. The dispatcher's
 * wake, its claim and the hand-over to the sending thread take tens of milliseconds on a busy
 * machine; paid after the place had freed, they held an endpoint below its rate.
 */
export const RATE_LEAD_MS = 250;

/** An endpoint turned away for its rate is looked at again once this many more may start (or its rate, if less). */
const STARTS_PER_LOOK = 10;

/**
 * An endpoint's requests within the window, by when they went on the wire (oldest first), and
 * those acquired but not yet sent. A request counts from when it is sent, not from when its
 * attempt began: an attempt may first read its body, and requests that began a window apart must
 * not reach the receiver closer together.
 */
type Window = { rate: number; starts: number[]; pending: number };

export type Capacity = { global: number; perMerchant: number; perEndpoint: number };

/** Drops the starts that left the window: what is left counts against the rate. */
const slide = (window: Window, at: number) => {
  let gone = 0;
  while (gone < window.starts.length && window.starts[gone]! <= at - RATE_WINDOW_MS) gone++;
  if (gone > 0) window.starts.splice(0, gone);
};

/**
 * When one more request may go on the wire: once enough of the oldest starts have left the
 * window. Requests not yet sent count until they are, and then for a whole window: while they
 * alone fill the rate, no time can be told.
 */
const nextPlace = (window: Window, at: number): number => {
  const mustLeave = window.starts.length + window.pending - window.rate + 1;
  if (mustLeave <= 0) return at;
  if (mustLeave > window.starts.length) return Infinity;
  return Math.max(at, window.starts[mustLeave - 1]! + RATE_WINDOW_MS);
};

/** Null if a request may be started now; else when to look at the endpoint again. */
const lookAgainAt = (window: Window, at: number): number | null => {
  slide(window, at);
  if (nextPlace(window, at) <= at + RATE_LEAD_MS) return null;
  const over = window.starts.length + window.pending - window.rate;
  // Back when a few may start, not at each one: the endpoint's backlog then goes out a few
  // requests at a time, their outcomes recorded together, for a fraction of the wakes and
  // commits of one at a time; the rate over any second is the same. Fewer, if fewer are in the
  // window than that: requests not yet sent cannot be waited on.
  const wanted = Math.max(1, Math.min(window.rate, STARTS_PER_LOOK));
  const leaving =
    over < window.starts.length
      ? window.starts[Math.min(over + wanted, window.starts.length) - 1]
      : undefined;
  // Requests not yet sent leave the window a whole window after they are.
  return (leaving ?? at) + RATE_WINDOW_MS - RATE_LEAD_MS;
};

export const endpointLimits = (
  { global, perMerchant, perEndpoint }: Capacity,
  now: () => number = () => Date.now(),
): EndpointLimits => {
  const active = new Map<string, number>();
  /** Slots held by each merchant, and whose each endpoint with a slot is. */
  const merchants = new Map<string, number>();
  const ownerOf = new Map<string, string>();
  const windows = new Map<string, Window>();
  let total = 0;

  return {
    tryAcquire: (endpointId, merchantId, rate) => {
      if (total >= global || (active.get(endpointId) ?? 0) >= perEndpoint) return false;
      if ((merchants.get(merchantId) ?? 0) >= perMerchant) return false;
      const at = now();
      let sendAt = at;
      if (rate !== null) {
        let window = windows.get(endpointId);
        if (!window) {
          window = { rate, starts: [], pending: 0 };
          windows.set(endpointId, window);
        }
        window.rate = rate;
        slide(window, at);
        sendAt = nextPlace(window, at);
        if (sendAt > at + RATE_LEAD_MS) return false;
        window.pending++;
      } else {
        windows.delete(endpointId);
      }
      active.set(endpointId, (active.get(endpointId) ?? 0) + 1);
      merchants.set(merchantId, (merchants.get(merchantId) ?? 0) + 1);
      ownerOf.set(endpointId, merchantId);
      total++;
      return sendAt;
    },
    refusal: (endpointId, merchantId) => {
      if (total >= global) return 'global';
      if ((merchants.get(merchantId) ?? 0) >= perMerchant) return 'merchant';
      if ((active.get(endpointId) ?? 0) >= perEndpoint) return 'slots';
      const window = windows.get(endpointId);
      if (!window) return null;
      return lookAgainAt(window, now());
    },
    sent: (endpointId, at) => {
      const window = windows.get(endpointId);
      if (!window || window.pending === 0) return;
      window.pending--;
      // Told when each is answered, not in the order they went out: kept in wire order.
      let i = window.starts.length;
      while (i > 0 && window.starts[i - 1]! > at) i--;
      window.starts.splice(i, 0, at);
    },
    unsent: (endpointId) => {
      const window = windows.get(endpointId);
      if (window && window.pending > 0) window.pending--;
    },
    release: (endpointId) => {
      const merchantId = ownerOf.get(endpointId);
      const n = (active.get(endpointId) ?? 1) - 1;
      if (n <= 0) {
        active.delete(endpointId);
        ownerOf.delete(endpointId);
      } else active.set(endpointId, n);
      if (merchantId !== undefined) {
        const held = (merchants.get(merchantId) ?? 1) - 1;
        if (held <= 0) merchants.delete(merchantId);
        else merchants.set(merchantId, held);
      }
      total--;
      return merchantId;
    },
    globalFull: () => total >= global,
    inFlight: () => total,
    forgetRefilled: () => {
      const at = now();
      for (const [endpointId, window] of windows) {
        slide(window, at);
        if (window.starts.length === 0 && window.pending === 0) windows.delete(endpointId);
      }
    },
    tracked: () => windows.size,
  };
};
