import type { AttemptOutcome } from '../../domain/deliveries/delivery.js';

export type WebhookRequest = {
  url: string;
  /** Every header but Standard Webhooks' three, which the sender writes from `signing`. */
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /**
   * The message id (`webhook-id`), the time of signing (`webhook-timestamp`) and the secrets that
   * sign now, two during a rotation's grace period. The sender signs `id.timestamp.body` with each
   * (`webhook-signature`): signing is a good part of a delivery's work, and the sender may run it
   * on a thread of its own.
   */
  signing: { id: string; at: Date; secrets: readonly string[] };
  /**
   * Not written before this (ms since the epoch): a rate-limited endpoint's request is handed over
   * a little before its place in the rate frees. The timeout counts from then.
   */
  notBefore?: number;
};

export type SendResult = {
  outcome: AttemptOutcome;
  /** From a 429 or 503 answer's Retry-After header. */
  retryAfterMs: number | null;
  /**
   * When the request was handed to its connection to be written (ms since the epoch, the clock
   * every thread shares); absent when it never was (refused, no address, no connection in time).
   * An endpoint's rate counts requests from here: what the receiver sees.
   */
  wiredAt?: number;
};

/** Sends one signed webhook and says what became of it; it never throws for the receiver's faults. */
export type WebhookSender = {
  send: (request: WebhookRequest) => Promise<SendResult>;
  /** Stops at once, aborting requests still on the wire. */
  close: () => Promise<void>;
};
