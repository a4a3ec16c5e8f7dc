import type { DueDoc } from '../../projections/deliveries.js';

/**
 * What names one try sent to a listener, for its answer to come back to: the due try (its
 * delivery, due time and round) and the listening session that holds its claim. Opaque to the
 * listener, which only hands it back.
 */
export type ListenedTry = { due: DueDoc; session: string };

export const tryToken = ({ due, session }: ListenedTry): string =>
  Buffer.from(JSON.stringify({ due, session })).toString('base64url');

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

/** The try a token names, or undefined for anything this service did not hand out. */
export const tryOfToken = (token: string): ListenedTry | undefined => {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as {
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
