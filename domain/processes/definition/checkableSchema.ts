import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { JsonObject } from './fields.js';
import { compileInputSchema } from './inputSchema.js';
import { schemaLimitFaults } from './schemaLimits.js';
import { schemaReach } from './schemaApplications.js';

/**
 * A schema that the log holds (a version's input schema, an event type's), ready to check values
 * against: what checking a value may cost is known before it is checked, so that the service can
 * tell the checks it may run itself from those an evaluator must run (see schemaChecks).
 */
export type CheckableSchema = {
  /** The schema as published: what an evaluator compiles for itself. */
  schema: JsonObject;
  /**
   * Its parts applied along one path of a value, at most: a check costs up to this times the
   * value's count of values. 0 for a schema no longer accepted, whose check refuses at once.
   */
  applications: number;
  /** How many levels below a value's root the schema looks at: deeper values cost nothing. */
  depth: number;
  /** Every fault of a value, at its path. */
  validate: ValidateFunction;
};

/**
 * Compiles a schema accepted when it was recorded. Should today's limits refuse it, its check
 * refuses every value, saying why and what to do (`remedy`), rather than failing on the server's
 * side at each value or running what publishing now refuses.
 */
export const checkableSchema = (
  schema: JsonObject,
  what: string,
  remedy: string,
): CheckableSchema => {
  const refused = schemaLimitFaults(schema, 'schema');
  let reason = refused.map((fault) => `${fault.path} ${fault.message}`).join('; ');
  if (reason === '') {
    try {
      return { schema, ...schemaReach(schema), validate: compileInputSchema(schema) };
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
    }
  }
  const message = `cannot be checked: ${what} is no longer accepted (${reason.slice(0, 300)}); ${remedy}`;
  const refuse = (() => {
    refuse.errors = [{ instancePath: '', schemaPath: '#', keyword: 'schema', params: {}, message }];
    return false;
  }) as unknown as ValidateFunction;
  return { schema, applications: 0, depth: 0, validate: refuse };
};

/**
 * A version's input schema as the log holds it: published before today's limits, it may break
 * them, and then refuses every input saying so.
 */
export const compileStoredInputSchema = (schema: JsonObject): CheckableSchema =>
  checkableSchema(schema, "this version's input schema", 'publish a new version');
