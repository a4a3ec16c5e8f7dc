import type { AttemptOutcome } from '../../domain/deliveries/delivery.js';

export type WebhookRequest = {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
};

export type SendResult = {
  outcome: AttemptOutcome;
  /** From a 429 or 503 answer's Retry-After header. */
  retryAfterMs: number | null;
};

/** Sends one signed webhook and says what became of it; it never throws for the receiver's faults. */
export type WebhookSender = {
  send: (request: WebhookRequest) => Promise<SendResult>;
  /** Stops at once, aborting requests still on the wire. */
  close: () => Promise<void>;
};
