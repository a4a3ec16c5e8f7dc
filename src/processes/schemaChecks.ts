import type { CheckableSchema } from '../../domain/processes/definition/checkableSchema.js';
import { isDemoted, watched } from '../quarantine/stallWatch.js';
import { workKey } from '../quarantine/workKeys.js';
import type { SchemaFault } from './evaluation/evaluationJob.js';
import { countValues } from './evaluation/valueCount.js';
import { ExpressionError, checkInEvaluator } from './expressions.js';

export type { SchemaFault } from './evaluation/evaluationJob.js';

/**
 * The most work, in applications of a schema's parts to a value's parts, a check may cost on the
 * service's own thread: a few milliseconds. Larger checks go to an evaluator.
 */
const IN_PROCESS_APPLICATIONS = 100_000;
/** How long a check may take in an evaluator. */
export const CHECK_TIME_LIMIT_MS = 1_000;
/** The most faults a refusal lists. */
export const MAX_FAULTS = 20;

const keys = new WeakMap<CheckableSchema, string>();
const keyOf = (checkable: CheckableSchema): string => {
  let key = keys.get(checkable);
  if (key === undefined) {
    key = workKey('schema', JSON.stringify(checkable.schema));
    keys.set(checkable, key);
  }
  return key;
};

/**
 * The faults of a value under a schema the log holds, on behalf of a merchant; none when it is
 * valid. A check's cost is bounded before it runs: the schema's applications along one path (at
 * most 1,000, see schemaApplications) times the value's count of values, within the depth the
 * schema looks at. A check that costs little
 * runs here, watched (see stallWatch); any other runs in an evaluator, in the merchant's turn, held
 * to CHECK_TIME_LIMIT_MS and the evaluator's memory. A value that cannot be checked within those
 * bounds is refused, with a fault saying so: what cannot be checked is not taken in.
 */
export const checkValue = async (
  merchantId: string,
  checkable: CheckableSchema,
  value: unknown,
): Promise<SchemaFault[]> => {
  const { applications, depth, validate } = checkable;
  const key = keyOf(checkable);
  // Counted no further than needed to tell: a value of millions costs no more to route than one.
  const cheap =
    applications === 0 ||
    applications * countValues(value, IN_PROCESS_APPLICATIONS / applications, depth) <=
      IN_PROCESS_APPLICATIONS;
  if (cheap && !isDemoted(key))
    return watched(key, () =>
      Promise.resolve(validate(value) ? [] : (validate.errors ?? []).slice(0, MAX_FAULTS)),
    );
  try {
    return await checkInEvaluator(
      merchantId,
      {
        kind: 'schema',
        key,
        schema: checkable.schema,
        valueJson: JSON.stringify(value),
        applications,
        depth,
        maxFaults: MAX_FAULTS,
      },
      CHECK_TIME_LIMIT_MS,
    );
  } catch (err) {
    if (!(err instanceof ExpressionError)) throw err;
    const bound =
      err.code === 'expression_timeout' ? `${CHECK_TIME_LIMIT_MS} ms` : 'the memory it may use';
    return [
      {
        instancePath: '',
        keyword: 'schema',
        params: {},
        message: `could not be checked against the schema within ${bound}: it holds too many values for a schema of this many alternatives`,
      },
    ];
  }
};
