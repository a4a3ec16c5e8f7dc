import type { JsonObject } from './fields.js';
import { isJsonObject } from './fields.js';

/**
 * How many times a schema may be applied along one path of an input, from its root to a leaf, at
 * most. References let a small schema apply itself twice at each level (`allOf: [{ $ref },
 * { $ref }]`), which doubles the work with each level of the input: 22 such levels of a 1.4 KB
 * schema took seconds per input. Alternatives do the same within a level: `items` of an `anyOf` of
 * 1,200 alternatives applies 1,200 schemas to each item, and an input of 25,000 items then costs
 * 30 million applications. Checking an input costs up to this count for each of its values; the
 * inputs of a bound larger than this are checked in an evaluator (see schemaChecks).
 */
export const MAX_SCHEMA_APPLICATIONS = 1_000;
/** Input nesting the count is followed to (request bodies nest no deeper). */
const INPUT_DEPTH = 64;

/** Keywords that apply their schemas to the same value. */
const IN_PLACE_ONE = ['not', 'if', 'then', 'else'];
const IN_PLACE_LIST = ['allOf', 'anyOf', 'oneOf'];
/** Keywords that apply their schemas to a value inside it, as a worst case for one child. */
const TO_ONE_CHILD_OF_OBJECT = ['additionalProperties', 'unevaluatedProperties', 'propertyNames'];
const TO_ONE_CHILD_OF_ARRAY = ['items', 'contains', 'unevaluatedItems'];

/** The schema a local reference (`#`, `#/$defs/name`) points to; undefined for any other. */
const resolve = (root: JsonObject, ref: string): JsonObject | undefined => {
  if (!ref.startsWith('#') || (ref.length > 1 && !ref.startsWith('#/'))) return undefined;
  let at: unknown = root;
  for (const raw of ref.slice(2).split('/').filter(Boolean)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    at = isJsonObject(at) ? at[key] : Array.isArray(at) ? at[Number(key)] : undefined;
  }
  return isJsonObject(at) ? at : undefined;
};

const schemasOf = (value: unknown): JsonObject[] =>
  Array.isArray(value) ? value.filter(isJsonObject) : isJsonObject(value) ? [value] : [];

/** The schemas a schema applies to its own value, references followed. */
const inPlace = (root: JsonObject, schema: JsonObject): JsonObject[] => {
  const found = [...IN_PLACE_ONE, ...IN_PLACE_LIST].flatMap((key) => schemasOf(schema[key]));
  if (isJsonObject(schema.dependentSchemas))
    found.push(...Object.values(schema.dependentSchemas).filter(isJsonObject));
  for (const key of ['$ref', '$dynamicRef']) {
    const target = typeof schema[key] === 'string' ? resolve(root, schema[key]) : undefined;
    if (target) found.push(target);
  }
  return found;
};

/** The schemas one child of the value may get from this schema, at worst. */
const toOneChild = (schema: JsonObject): JsonObject[] => {
  const byName = (key: string) =>
    isJsonObject(schema[key]) ? Object.values(schema[key]).filter(isJsonObject) : [];
  // One property's schema, or every pattern (all may match one name), and the rest's.
  const properties = byName('properties');
  const object = [
    ...properties.slice(0, 1),
    ...byName('patternProperties'),
    ...TO_ONE_CHILD_OF_OBJECT.flatMap((key) => schemasOf(schema[key])),
  ];
  const array = [
    ...schemasOf(schema.prefixItems).slice(0, 1),
    ...TO_ONE_CHILD_OF_ARRAY.flatMap((key) => schemasOf(schema[key])),
  ];
  return object.length >= array.length ? object : array;
};

/**
 * The schemas applied to one value when `start` is, with their counts: every in-place applicator
 * and reference followed. Undefined when they apply each other without end, or past the bound.
 */
const closure = (root: JsonObject, start: Map<JsonObject, number>) => {
  const counts = new Map<JsonObject, number>();
  let total = 0;
  const visit = (schema: JsonObject, times: number, path: Set<JsonObject>): boolean => {
    if (path.has(schema)) return false;
    total += times;
    if (total > MAX_SCHEMA_APPLICATIONS) return false;
    counts.set(schema, (counts.get(schema) ?? 0) + times);
    path.add(schema);
    const ok = inPlace(root, schema).every((next) => visit(next, times, path));
    path.delete(schema);
    return ok;
  };
  for (const [schema, times] of start) if (!visit(schema, times, new Set())) return undefined;
  return { counts, total };
};

/** What checking a value against a schema may cost (see applicationsAlongOnePath). */
export type SchemaReach = {
  /** Its parts applied along one path of a value, at most; Infinity past the bound. */
  applications: number;
  /** How many levels below the root value it looks at: 0 for `{ "type": "object" }`. */
  depth: number;
};

/**
 * How many times the schema's parts may be applied along one path of an input, from its root to
 * a leaf, at most, and how deep into the input they reach; applications are Infinity when they
 * apply each other without end or past MAX_SCHEMA_APPLICATIONS. Checking an input costs up to
 * this count for each of its values within that depth.
 */
export const schemaReach = (root: JsonObject): SchemaReach => {
  let level = closure(root, new Map([[root, 1]]));
  let total = level?.total ?? Infinity;
  let depth = 0;
  for (; level && depth < INPUT_DEPTH && level.counts.size > 0; depth++) {
    const child = new Map<JsonObject, number>();
    for (const [schema, times] of level.counts)
      for (const next of toOneChild(schema)) child.set(next, (child.get(next) ?? 0) + times);
    if (child.size === 0) break;
    level = closure(root, child);
    total += level?.total ?? Infinity;
    if (total > MAX_SCHEMA_APPLICATIONS) break;
  }
  const applications = level === undefined || total > MAX_SCHEMA_APPLICATIONS ? Infinity : total;
  return { applications, depth: depth >= INPUT_DEPTH ? Infinity : depth };
};

/** The applications of `schemaReach` alone. */
export const applicationsAlongOnePath = (root: JsonObject): number =>
  schemaReach(root).applications;

/**
 * Why the schema is refused for the work it may cause, or null: it applies itself to one value
 * without end, or more than MAX_SCHEMA_APPLICATIONS times along one path of an input.
 */
export const applicationFault = (root: JsonObject): string | null =>
  applicationsAlongOnePath(root) === Infinity
    ? `applies its schemas too often to one input (more than ${MAX_SCHEMA_APPLICATIONS} times along one path, or to one value without end): alternatives under alternatives, or a reference applied more than once at each level, multiply the work with every value of the input`
    : null;
