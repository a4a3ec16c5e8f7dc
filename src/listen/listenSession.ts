import { signatureHeader } from '../../adapters/delivery/signature.js';
import type { DueDoc } from '../../projections/deliveries.js';
import { DELIVERIES_DUE } from '../../projections/deliveries.js';
import { ENDPOINT_SECRETS } from '../../projections/webhookEndpoints.js';
import { claimKey } from '../delivery/dispatch.js';
import type { AttemptNeeds } from '../delivery/tryParts.js';
import { bodyOf, isTheTryDue, readDelivery, signingSecrets } from '../delivery/tryParts.js';
import { findDocs, getDoc } from '../reads/readModels.js';
import type { Services } from '../services.js';
import { tryToken } from './listenedTry.js';
import { renewEveryMs, renewListener } from './listeningLease.js';

type Needs = AttemptNeeds & Pick<Services, 'claims'>;

/** One try as the listener gets it: what to forward, exactly as signed, and whose answer it awaits. */
export type ListenedDelivery = {
  /** Hand it back with the answer (POST /v1/listen/attempts). */
  try: string;
  event_id: string;
  event_type: string;
  headers: Record<string, string>;
  body: string;
};

/** How often the due queue of the listening endpoint is looked at. */
const LOOK_EVERY_MS = 200;
/** Tries handed out at once: more wait until these are answered. */
const AT_ONCE = 10;

const signedHeaders = (body: string, id: string, at: Date, secrets: readonly string[]) => ({
  'content-type': 'application/json',
  'user-agent': 'Sluice-Webhooks/1 (listen)',
  'webhook-id': id,
  'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
  'webhook-signature': signatureHeader(id, at, body, secrets),
});

/**
 * Hands the listening endpoint's due tries to one listening session as they fall due, each under a
 * claim in the session's name (held for an attempt's time and more, while the listener forwards
 * it), so that two sessions or processes never send the same try. Tries that are no longer the
 * ones due are skipped, as the dispatcher skips them. While it runs, the session keeps its hold
 * on the listener (src/listen/listeningLease.ts), which keeps it from being removed as idle.
 */
export const listenSession = (
  services: Needs,
  {
    endpointId,
    session,
    send,
  }: { endpointId: string; session: string; send: (delivery: ListenedDelivery) => void },
): { stop: () => void } => {
  const leaseMs = services.config.attemptTimeoutMs + 10_000;
  const handedOut = new Map<string, number>();
  let running = true;

  const handOut = async (due: DueDoc) => {
    const key = claimKey(due);
    if (handedOut.has(key) || !(await services.claims.claim(key, session, leaseMs))) return;
    handedOut.set(key, Date.now());
    const delivery = await readDelivery(services, due.id);
    const secrets = await getDoc(services.readStore, ENDPOINT_SECRETS, endpointId);
    if (!isTheTryDue(delivery, due) || !secrets) return;
    const body = await bodyOf(services, due);
    // Its payload erased or expired: the dispatcher's own round abandons such a try; not sent here.
    if (typeof body !== 'string') return;
    const at = services.now();
    const headers = signedHeaders(body, due.event_id, at, signingSecrets(services, secrets, at));
    const { type } = JSON.parse(body) as { type: string };
    send({
      try: tryToken(services.secrets, { due, session }),
      event_id: due.event_id,
      event_type: type,
      headers,
      body,
    });
  };

  const look = async () => {
    const now = Date.now();
    // A try handed out and never answered is due again once its claim has lapsed.
    for (const [key, at] of handedOut) if (now - at > leaseMs) handedOut.delete(key);
    const page = await findDocs(services.readStore, DELIVERIES_DUE, {
      where: { endpoint_id: endpointId },
      range: { lte: now },
      orderBy: { field: 'due_at_ms', direction: 'asc' },
      limit: AT_ONCE,
    });
    for (const due of page.docs) if (running) await handOut(due);
  };

  const loop = async () => {
    while (running) {
      try {
        await look();
      } catch (err) {
        services.logger.error(
          { err, endpoint_id: endpointId },
          'listening session failed; retrying',
        );
      }
      await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
    }
  };
  void loop();
  // The session's hold on its listener, renewed apart from the looks: a slow look must not let it
  // lapse, or the listener could be taken for idle and removed while the developer listens.
  const renewal = setInterval(() => {
    renewListener(services, endpointId).catch((err: unknown) =>
      services.logger.warn({ err, endpoint_id: endpointId }, 'could not renew a listener’s hold'),
    );
  }, renewEveryMs(services.config));
  renewal.unref();
  return {
    stop: () => {
      running = false;
      clearInterval(renewal);
    },
  };
};
