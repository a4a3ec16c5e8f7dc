import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type { FieldFault } from '../shared/errors.js';
import { pathOf } from '../processes/definition/fields.js';
import { inputSchema } from '../processes/definition/inputSchema.js';
import type { CheckableSchema } from '../processes/definition/checkableSchema.js';
import { checkableSchema } from '../processes/definition/checkableSchema.js';

/**
 * An event type's schema is compiled by the compiler of process definitions' input schemas, with
 * its limits: patterns on RE2, at most 64 KiB, no reference that multiplies the work. Event data
 * comes from callers just as process input does, and must cost as little to check.
 */

/** The most faults one refusal lists: a schema with `allErrors` may find thousands in one value. */
const MAX_FAULTS = 20;

/** Why the schema cannot be a type's schema, each fault at its path under `path`. */
export const schemaFaults = (schema: Record<string, unknown>, path: string): FieldFault[] => {
  const faults: FieldFault[] = [];
  if (inputSchema(schema, path, faults) === undefined) return faults;
  // An event's data is always an object: a schema that allows none would refuse every event.
  const type = schema.type;
  const allowsObject =
    type === undefined || type === 'object' || (Array.isArray(type) && type.includes('object'));
  if (!allowsObject)
    faults.push({ path: pathOf(path, 'type'), message: 'must allow "object": data is one' });
  return faults;
};

/** A fault as Ajv tells it, as much of it as is kept. */
export type SchemaFault = Pick<ErrorObject, 'instancePath' | 'keyword' | 'params' | 'message'>;

/** Ajv's fault as the API's: under `base`, at the member the fault is about when it names one. */
export const faultOf = (error: SchemaFault, base: string): FieldFault => {
  const at = error.instancePath
    .split('/')
    .slice(1)
    .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce(pathOf, base);
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required' && typeof params.missingProperty === 'string')
    return { path: pathOf(at, params.missingProperty), message: 'is required' };
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string')
    return { path: pathOf(at, params.additionalProperty), message: 'is not allowed by the schema' };
  return { path: at, message: error.message ?? 'is not valid' };
};

/** The faults of `data` under a compiled schema, at paths under `base`; empty when it is valid. */
export const dataFaults = (
  validate: ValidateFunction,
  data: unknown,
  base: string,
): FieldFault[] =>
  validate(data) ? [] : (validate.errors ?? []).slice(0, MAX_FAULTS).map((e) => faultOf(e, base));

/** A type's schema as the log holds it (see checkableSchema). */
export const compileDataSchema = (schema: Record<string, unknown>): CheckableSchema =>
  checkableSchema(schema, "the type's schema", 'send it a new one');
