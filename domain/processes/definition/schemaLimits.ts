import { isLeft } from 'fp-ts/lib/Either.js';
import type { Faults, JsonObject } from './fields.js';
import { isJsonObject, pathOf } from './fields.js';
import { applicationFault } from './schemaApplications.js';
import { compilePattern, quotePattern } from './schemaRegex.js';

/**
 * The largest input schema, as JSON. Validation costs up to the schema's size for each part of an
 * input, so its size bounds the cost of every run.
 */
export const MAX_INPUT_SCHEMA_BYTES = 64 * 1024;

/** Keywords (of 2020-12) whose value is a schema, a list of schemas, or schemas by name. */
const ONE_SCHEMA = [
  'additionalProperties',
  'contains',
  'contentSchema',
  'else',
  'if',
  'items',
  'not',
  'propertyNames',
  'then',
  'unevaluatedItems',
  'unevaluatedProperties',
];
const SCHEMA_LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMAS_BY_NAME = [
  '$defs',
  'definitions',
  'dependentSchemas',
  'patternProperties',
  'properties',
];

type Located = { schema: JsonObject; path: string };

/** The schemas right inside `schema`, each at its path; `const`, `enum`, `default`… hold data. */
const subschemas = ({ schema, path }: Located): Located[] => {
  const found: Located[] = [];
  const add = (value: unknown, at: string) => {
    if (isJsonObject(value)) found.push({ schema: value, path: at });
  };
  for (const keyword of ONE_SCHEMA) add(schema[keyword], pathOf(path, keyword));
  for (const keyword of SCHEMA_LIST) {
    const list = schema[keyword];
    if (Array.isArray(list)) list.forEach((item, i) => add(item, pathOf(pathOf(path, keyword), i)));
  }
  for (const keyword of SCHEMAS_BY_NAME) {
    const byName = schema[keyword];
    if (!isJsonObject(byName)) continue;
    for (const [name, value] of Object.entries(byName))
      add(value, pathOf(pathOf(path, keyword), name));
  }
  return found;
};

/** Faults of one schema's own patterns: `pattern`, and the names of `patternProperties`. */
const patternFaults = ({ schema, path }: Located): Faults => {
  const faults: Faults = [];
  if (typeof schema.pattern === 'string') {
    const compiled = compilePattern(schema.pattern);
    if (isLeft(compiled)) faults.push({ path: pathOf(path, 'pattern'), message: compiled.left });
  }
  if (isJsonObject(schema.patternProperties)) {
    for (const pattern of Object.keys(schema.patternProperties)) {
      const compiled = compilePattern(pattern);
      // The name may be too long for a path: the message quotes it, shortened.
      if (isLeft(compiled)) {
        faults.push({
          path: pathOf(path, 'patternProperties'),
          message: `has a pattern ${quotePattern(pattern)} that ${compiled.left}`,
        });
      }
    }
  }
  return faults;
};

/**
 * What publishing refuses in an input schema beyond JSON Schema's own rules: a schema over
 * MAX_INPUT_SCHEMA_BYTES, and patterns that are too long, too large once compiled, or need a
 * backtracking engine. Each fault is at its path under `path`.
 */
export const schemaLimitFaults = (schema: JsonObject, path: string): Faults => {
  const bytes = Buffer.byteLength(JSON.stringify(schema));
  if (bytes > MAX_INPUT_SCHEMA_BYTES) {
    return [
      { path, message: `must be at most ${MAX_INPUT_SCHEMA_BYTES} bytes as JSON, not ${bytes}` },
    ];
  }
  const growing = applicationFault(schema);
  if (growing) return [{ path, message: growing }];
  const faults: Faults = [];
  const pending: Located[] = [{ schema, path }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    faults.push(...patternFaults(next));
    pending.push(...subschemas(next).reverse());
  }
  return faults;
};
