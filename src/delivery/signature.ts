import { Webhook } from 'standardwebhooks';

/**
 * The `webhook-signature` header: one `v1,` signature per secret that signs now (two during a
 * rotation's grace period), space-separated, each computed by the standardwebhooks library over
 * `id.timestamp.body`.
 */
export const signatureHeader = (
  messageId: string,
  timestamp: Date,
  body: string,
  secrets: readonly string[],
): string =>
  secrets.map((secret) => new Webhook(secret).sign(messageId, timestamp, body)).join(' ');
