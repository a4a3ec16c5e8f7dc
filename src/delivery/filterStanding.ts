import { recentMap } from '../../adapters/memory/recentMap.js';
import { ExpressionError } from '../processes/expressions.js';

/** How long a filter that went past its bounds, or its merchant, is held back. */
export const FILTER_HOLD_MS = 60_000;
/** A merchant whose filters went past their bounds this often within FILTER_HOLD_MS is held. */
export const MAX_SPENT_PER_MERCHANT = 3;

/**
 * The failures of a filter that went past its bounds: of time, of memory, or of size (a value
 * too large is found once it is made, at the cost of making it).
 */
const SPENT: ReadonlySet<string> = new Set([
  'expression_timeout',
  'expression_memory',
  'expression_output_too_large',
]);

/** A filter's verdict on a body: `failure` when it could not be evaluated (no match, then). */
export type FilterOutcome = { matches: boolean; failure: ExpressionError | null };

export type FilterStanding = {
  /**
   * Runs an evaluation of one of the merchant's filters after the merchant's others (one at a
   * time per merchant), unless the filter or the merchant is held back: then it fails at once.
   */
  run: (
    merchantId: string,
    filter: string,
    evaluate: () => Promise<FilterOutcome>,
  ) => Promise<FilterOutcome>;
};

/**
 * What the service remembers of the filters sent to the evaluators: those that went past their
 * bounds, by merchant. Such a filter is likely to again on the next event, and every time it does
 * it holds an evaluator, and the batch being planned, up to its whole limit. So, for
 * FILTER_HOLD_MS, it fails at once without being run, and so do all of a merchant's evaluated
 * filters once they have gone past their bounds MAX_SPENT_PER_MERCHANT times (a merchant may have
 * many endpoints, each with a filter of its own). A merchant's filters are run one at a time: its
 * hostile filters can take one evaluator, never all, and only until they are held. A filter
 * changed is a filter of its own.
 */
export const filterStanding = (now: () => number = Date.now): FilterStanding => {
  const spentFilters = recentMap<string, { failure: ExpressionError; until: number }>(4096);
  const spentMerchants = recentMap<string, number[]>(4096);
  const queues = new Map<string, Promise<unknown>>();

  const held = (merchantId: string, filter: string): ExpressionError | undefined => {
    const byFilter = spentFilters.get(`${merchantId}\u0000${filter}`);
    if (byFilter && byFilter.until > now()) return byFilter.failure;
    const recent = (spentMerchants.get(merchantId) ?? []).filter((at) => at > now());
    if (recent.length < MAX_SPENT_PER_MERCHANT) return undefined;
    return new ExpressionError(
      filter,
      `not run: the merchant's filters went past their bounds ${recent.length} times in the last ${FILTER_HOLD_MS / 1000} s`,
      'expression_timeout',
    );
  };

  const spent = (merchantId: string, filter: string, failure: ExpressionError) => {
    const until = now() + FILTER_HOLD_MS;
    spentFilters.set(`${merchantId}\u0000${filter}`, { failure, until });
    const recent = (spentMerchants.get(merchantId) ?? []).filter((at) => at > now());
    spentMerchants.set(merchantId, [...recent, until].slice(-MAX_SPENT_PER_MERCHANT));
  };

  return {
    run: (merchantId, filter, evaluate) => {
      const failing = (failure: ExpressionError): FilterOutcome => ({ matches: false, failure });
      const holding = held(merchantId, filter);
      if (holding) return Promise.resolve(failing(holding));
      const before = queues.get(merchantId) ?? Promise.resolve();
      const turn = before.then(async () => {
        // Held meanwhile, by an evaluation of the merchant's that ran before this one.
        const holding = held(merchantId, filter);
        if (holding) return failing(holding);
        const outcome = await evaluate();
        if (outcome.failure && SPENT.has(outcome.failure.code))
          spent(merchantId, filter, outcome.failure);
        return outcome;
      });
      const settled = turn.then(
        () => undefined,
        () => undefined,
      );
      queues.set(merchantId, settled);
      void settled.then(() => {
        if (queues.get(merchantId) === settled) queues.delete(merchantId);
      });
      return turn;
    },
  };
};
