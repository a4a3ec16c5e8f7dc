import { Webhook } from 'standardwebhooks';

/** Signers by secret: a secret's key is decoded once, not on every attempt. */
const signers = new Map<string, Webhook>();
const MAX_SIGNERS = 10_000;

const signerOf = (secret: string): Webhook => {
  let signer = signers.get(secret);
  if (!signer) {
    signer = new Webhook(secret);
    if (signers.size >= MAX_SIGNERS) signers.delete(signers.keys().next().value!);
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
