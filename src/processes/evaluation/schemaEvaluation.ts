import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { EvaluationOutcome, EvaluatorWork, SchemaFault } from './evaluationJob.js';
import { countValues } from './valueCount.js';

type SchemaWork = Extract<EvaluatorWork, { kind: 'schema' }>;

/**
 * The most work a check that lists every fault may cost: each application that fails adds a fault
 * to the list, and a list of millions ends any heap. Beyond it, a check stops at its first fault.
 */
const ALL_FAULTS_APPLICATIONS = 1_000_000;

const compiled = new Map<string, ValidateFunction>();
/** Schemas kept compiled, at most: an evaluator's heap is small, a compiled schema large. */
const MAX_COMPILED = 64;

const validatorOf = async (work: SchemaWork, allFaults: boolean): Promise<ValidateFunction> => {
  const key = `${allFaults ? 'all' : 'first'}:${work.key}`;
  let validate = compiled.get(key);
  if (!validate) {
    // Loaded with the first schema: an evaluator that only evaluates expressions does without.
    const { compileInputSchema } =
      await import('../../../domain/processes/definition/inputSchema.js');
    validate = compileInputSchema(work.schema, allFaults);
    if (compiled.size >= MAX_COMPILED) compiled.clear();
    compiled.set(key, validate);
  }
  return validate;
};

/**
 * Checks a value against a schema in an evaluator: its faults as JSON, the first `maxFaults` of
 * them. A check that runs too long or too large ends with its evaluator (see expressionPool).
 */
export const checkSchemaHere = async (work: SchemaWork): Promise<EvaluationOutcome> => {
  try {
    const value = JSON.parse(work.valueJson) as unknown;
    const perApplication = ALL_FAULTS_APPLICATIONS / Math.max(work.applications, 1);
    const allFaults = countValues(value, perApplication, work.depth) <= perApplication;
    const validate = await validatorOf(work, allFaults);
    if (validate(value)) return { json: '[]' };
    const faults: SchemaFault[] = (validate.errors ?? [])
      .slice(0, work.maxFaults)
      .map(({ instancePath, keyword, params, message }) => ({
        instancePath,
        keyword,
        params: params as Record<string, unknown>,
        ...(message !== undefined && { message }),
      }));
    return { json: JSON.stringify(faults) };
  } catch (err) {
    return { code: 'expression_failed', message: err instanceof Error ? err.message : String(err) };
  }
};
