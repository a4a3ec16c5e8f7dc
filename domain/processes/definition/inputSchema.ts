import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Options, ValidateFunction } from 'ajv/dist/2020.js';
import type { JsonObject, Reader } from './fields.js';
import { isJsonObject } from './fields.js';
import { enumKeyword } from './schemaEnum.js';
import { withFormats } from './schemaFormats.js';
import { schemaLimitFaults } from './schemaLimits.js';
import { linearRegExp } from './schemaRegex.js';
import { uniqueItemsKeyword } from './schemaUniqueItems.js';

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

/** Checks schemas against the 2020-12 meta-schema; it compiles and keeps none of them. */
const metaSchema = withFormats(new Ajv2020(OPTIONS));

/**
 * An Ajv for one input schema. Inputs come from merchants, so every check costs time linear in the
 * input: patterns run on RE2, and `uniqueItems` and `enum` compare values through their canonical
 * form instead of pair by pair.
 */
const inputAjv = (allErrors: boolean): Ajv2020 => {
  const ajv = withFormats(
    new Ajv2020({ ...OPTIONS, allErrors, validateSchema: false, code: { regExp: linearRegExp } }),
  );
  ajv.removeKeyword('uniqueItems').addKeyword(uniqueItemsKeyword);
  ajv.removeKeyword('enum').addKeyword(enumKeyword);
  return ajv;
};

/**
 * Compiles a definition's `input_schema` (JSON Schema 2020-12) into the validator of a run's input;
 * throws when the schema does not compile. Publishing and running use this one function so that a
 * schema accepted at publication also compiles when an instance starts.
 *
 * Each schema compiles in an Ajv of its own: a shared one would keep every schema (and every `$id`
 * inside) it ever compiled, and refuse or confuse two definitions using the same `$id`. Checking
 * against the meta-schema, the costly part, is done once by a shared instance that keeps nothing.
 */
export const compileInputSchema = (
  schema: JsonObject,
  /** False: the validator stops at the first fault, its cost bounded by the input's alone. */
  allErrors = true,
): ValidateFunction => {
  if (!metaSchema.validateSchema(schema)) {
    throw new Error(`schema is invalid: ${metaSchema.errorsText(metaSchema.errors)}`);
  }
  return inputAjv(allErrors).compile(schema);
};

/**
 * Reads an input schema at publication: within the limits of schemaLimits (each fault at its
 * path), then compiled.
 */
export const inputSchema: Reader<JsonObject> = (value, path, faults) => {
  if (!isJsonObject(value)) {
    faults.push({ path, message: 'must be a JSON Schema object' });
    return undefined;
  }
  const overLimits = schemaLimitFaults(value, path);
  if (overLimits.length > 0) {
    faults.push(...overLimits);
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
