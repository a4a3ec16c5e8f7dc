/** A response kept so that a retried request with the same key gets the same answer. */
export type StoredResponse = {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** The body sealed under its merchant's data key (the body is then null): see src/payloads. */
  sealed_body?: string;
};

export type Reservation =
  | { kind: 'reserved' }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'in_progress' }
  | { kind: 'mismatch' };

/**
 * Idempotency keys, scoped to the caller (an API key id): the first request with a key reserves
 * it; a repeat with the same request fingerprint replays the kept response, a repeat with another
 * fingerprint is refused, and a repeat while the first is still running is told so.
 */
export type IdempotencyStore = {
  reserve: (scope: string, key: string, fingerprint: string, now: Date) => Promise<Reservation>;
  complete: (scope: string, key: string, response: StoredResponse) => Promise<void>;
  /** Forgets a reservation whose request failed, so that a retry runs again. */
  release: (scope: string, key: string) => Promise<void>;
  /** Drops keys reserved before `cutoff`; returns how many. */
  expire: (cutoff: Date) => Promise<number>;
};
