import { timingSafeEqual } from 'node:crypto';
import type { DueDoc } from '../../projections/deliveries.js';
import type { SecretBox } from '../secrets/secretBox.js';

/**
 * What names one try sent to a listener, for its answer to come back to: the due try (its
 * delivery, due time and round) and the listening session that holds its claim. Opaque to the
 * listener, which only hands it back.
 */
export type ListenedTry = { due: DueDoc; session: string };

type Signer = Pick<SecretBox, 'sign'>;

const PURPOSE = 'listened try';

/**
 * The token a listener hands back: the try, and the service's signature of it. Whoever answers
 * can only name a try some session of the service was handed: the answer route then holds it to
 * the caller's own listening endpoint, and the claim to the session named. Any API process can
 * check it, the signing key being derived from the encryption key they share.
 */
export const tryToken = (signer: Signer, { due, session }: ListenedTry): string => {
  const payload = Buffer.from(JSON.stringify({ due, session })).toString('base64url');
  return `${payload}.${signer.sign(payload, PURPOSE).toString('base64url')}`;
};

const isDue = (value: unknown): value is DueDoc => {
  const due = value as Partial<DueDoc> | null;
  return (
    typeof due === 'object' &&
    due !== null &&
    typeof due.id === 'string' &&
    typeof due.event_id === 'string' &&
    typeof due.endpoint_id === 'string' &&
    typeof due.due_at_ms === 'number' &&
    (due.round === undefined || typeof due.round === 'number')
  );
};

const signedBy = (signer: Signer, payload: string, signature: string): boolean => {
  const expected = signer.sign(payload, PURPOSE);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/** The try a token names, or undefined for anything this service did not hand out as it is. */
export const tryOfToken = (signer: Signer, token: string): ListenedTry | undefined => {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0 || !signedBy(signer, payload, signature))
    return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      due?: unknown;
      session?: unknown;
    };
    if (!isDue(parsed.due) || typeof parsed.session !== 'string') return undefined;
    const { id, event_id, endpoint_id, due_at_ms, round } = parsed.due;
    const due: DueDoc = {
      id,
      event_id,
      endpoint_id,
      due_at_ms,
      ...(round !== undefined && { round }),
    };
    return { due, session: parsed.session };
  } catch {
    return undefined;
  }
};
