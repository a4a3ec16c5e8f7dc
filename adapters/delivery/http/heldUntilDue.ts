import type { SendResult, WebhookRequest } from '../port.js';

/** A request held for its time when the sender closed: it never left, and is sent again later. */
const notSent = (url: string): SendResult => ({
  outcome: {
    status: 'failed',
    url,
    response_status_code: null,
    response_body: null,
    error: { code: 'connection_reset', message: 'The sender closed before the request was sent.' },
    duration_ms: 0,
  },
  retryAfterMs: null,
});

/**
 * Sends each request at once, or at its `notBefore` if that is later: a rate-limited endpoint's
 * request is handed over just before its place in the rate frees. Closing answers every request
 * still held as never sent.
 */
export const heldUntilDue = (sendNow: (request: WebhookRequest) => Promise<SendResult>) => {
  const held = new Map<NodeJS.Timeout, () => void>();
  let closed = false;
  return {
    send: (request: WebhookRequest): Promise<SendResult> => {
      const wait = (request.notBefore ?? 0) - Date.now();
      if (wait <= 0) return sendNow(request);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          held.delete(timer);
          resolve(closed ? notSent(request.url) : sendNow(request));
        }, wait);
        held.set(timer, () => resolve(notSent(request.url)));
      });
    },
    close: () => {
      closed = true;
      for (const [timer, answer] of held) {
        clearTimeout(timer);
        answer();
      }
      held.clear();
    },
  };
};
