import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Options, ValidateFunction } from 'ajv/dist/2020.js';
import * as formatsModule from 'ajv-formats';
import type { FormatsPlugin } from 'ajv-formats';
import type { JsonObject, Reader } from './fields.js';
import { isJsonObject } from './fields.js';

// ajv-formats is CommonJS: under NodeNext its plugin is the namespace's default.
const addFormats =
  (formatsModule as unknown as { default: FormatsPlugin }).default ?? formatsModule;

/**
 * Strict schema mode refuses unknown keywords and formats: a typo such as `requried` would
 * otherwise check nothing. Strict types stay off: `properties` without `type: "object"` is common
 * and valid.
 */
const OPTIONS: Options = {
  allErrors: true,
  strictSchema: true,
  strictNumbers: true,
  strictTypes: false,
  strictTuples: false,
  strictRequired: false,
  logger: false,
};

const withFormats = (ajv: Ajv2020): Ajv2020 => {
  addFormats(ajv);
  return ajv;
};

/** Checks schemas against the 2020-12 meta-schema; it compiles and keeps none of them. */
const metaSchema = withFormats(new Ajv2020(OPTIONS));

/**
 * Compiles a definition's `input_schema` (JSON Schema 2020-12) into the validator of a run's input;
 * throws when the schema does not compile. Publishing and running use this one function so that a
 * schema accepted at publication also compiles when an instance starts.
 *
 * Each schema compiles in an Ajv of its own: a shared one would keep every schema (and every `$id`
 * inside) it ever compiled, and refuse or confuse two definitions using the same `$id`. Checking
 * against the meta-schema, the costly part, is done once by a shared instance that keeps nothing.
 */
export const compileInputSchema = (schema: JsonObject): ValidateFunction => {
  if (!metaSchema.validateSchema(schema)) {
    throw new Error(`schema is invalid: ${metaSchema.errorsText(metaSchema.errors)}`);
  }
  return withFormats(new Ajv2020({ ...OPTIONS, validateSchema: false })).compile(schema);
};

export const inputSchema: Reader<JsonObject> = (value, path, faults) => {
  if (!isJsonObject(value)) {
    faults.push({ path, message: 'must be a JSON Schema object' });
    return undefined;
  }
  try {
    compileInputSchema(value);
    return value;
  } catch (error) {
    faults.push({
      path,
      message: `is not a valid JSON Schema 2020-12: ${error instanceof Error ? error.message : String(error)}`,
    });
    return undefined;
  }
};
