import { recentMap } from '../../../adapters/memory/recentMap.js';
import { ExpressionError } from './expressionError.js';

/** How long work that ended its evaluator is held back, for the merchant it was done for. */
export const HOLD_MS = 60_000;

type Held = { error: ExpressionError; at: number };

/**
 * Work that ended its evaluator (killed past its time, or out of memory), by merchant and by what
 * it evaluates (an expression's source, a schema's key). Such work is likely to again the next
 * time, and each time it costs an evaluator's start, paid on the service's own thread. So, for
 * HOLD_MS, the same work for the same merchant fails at once with the same error, without being
 * run; another merchant's is run as ever.
 */
export const heldWork = (now: () => number = Date.now) => {
  const ended = recentMap<string, Held>(4096);
  const keyOf = (merchantId: string, source: string) => `${merchantId}\u0000${source}`;
  return {
    /** The error work of this merchant and source is held back with, if it is. */
    heldBack: (merchantId: string, source: string): ExpressionError | undefined => {
      const held = ended.get(keyOf(merchantId, source));
      if (!held || now() - held.at >= HOLD_MS) return undefined;
      const ago = Math.round((now() - held.at) / 1000);
      return new ExpressionError(
        source,
        `not run: the same work ended its evaluator ${ago} s ago (${held.error.message}); held back for ${HOLD_MS / 1000} s`,
        held.error.code,
      );
    },
    /** Work that ended its evaluator with this error. */
    endedEvaluator: (merchantId: string, source: string, error: ExpressionError): void => {
      ended.set(keyOf(merchantId, source), { error, at: now() });
    },
  };
};
