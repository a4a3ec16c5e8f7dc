import { Webhook } from 'standardwebhooks';
import type { WebhookRequest } from './port.js';
import { recentMap } from '../memory/recentMap.js';

/** Signers by secret: a secret's key is decoded once, not on every attempt. */
const signers = recentMap<string, Webhook>(10_000);

const signerOf = (secret: string): Webhook => {
  let signer = signers.get(secret);
  if (!signer) {
    signer = new Webhook(secret);
    signers.set(secret, signer);
  }
  return signer;
};

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
): string => secrets.map((secret) => signerOf(secret).sign(messageId, timestamp, body)).join(' ');

/**
 * The request's headers with Standard Webhooks' three added (id, timestamp and signatures), as the
 * flat list of names and values undici takes: a new object per request, its keys set one by one,
 * would be given a shape of its own each time.
 */
export const signedHeaders = ({ headers, body, signing }: WebhookRequest): string[] => {
  const list: string[] = [];
  for (const name of Object.keys(headers)) list.push(name, headers[name]!);
  list.push(
    'webhook-id',
    signing.id,
    'webhook-timestamp',
    String(Math.floor(signing.at.getTime() / 1000)),
    'webhook-signature',
    signatureHeader(signing.id, signing.at, body, signing.secrets),
  );
  return list;
};
