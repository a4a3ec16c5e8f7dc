import jsonata from 'jsonata';
import type { EventTypeEntry } from '../../domain/catalog/eventCatalog.js';

/**
 * A filter that reads a field an event type's schema does not declare: for events of that type,
 * the field is missing, so the part of the filter that reads it never holds.
 */
export type FilterWarning = { type: string; path: string; message: string };

/**
 * Bounds on the work, whatever the merchant's expression and the platform's schemas: nodes of the
 * expression walked, paths into `data` kept, steps of a path followed, types looked at, warnings
 * given. An expression or a schema past them yields fewer warnings, never more work.
 */
export const WARNING_BOUNDS = { nodes: 2_000, paths: 32, steps: 8, types: 100, warnings: 50 };

type Node = { type?: unknown; value?: unknown; steps?: unknown; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** The node's children, under any key, alone or in lists (of pairs, for `{ k: v }`). */
const childrenOf = (node: Node): Node[] => {
  const children: Node[] = [];
  for (const value of Object.values(node)) {
    const items = Array.isArray(value) ? value.flat() : [value];
    for (const item of items) if (isNode(item)) children.push(item);
  }
  return children;
};

/**
 * The fields of `data` the filter reads by name: of each path that starts at the body's `data`,
 * its steps up to the first that is not a plain name (`data.lines[0].sku` reads lines, then sku
 * in each line). Paths inside predicates start from another context, and are left out.
 */
export const dataPathsOf = (filter: string): string[][] => {
  let root: unknown;
  try {
    root = jsonata(filter).ast();
  } catch {
    return [];
  }
  const found = new Map<string, string[]>();
  const pending: unknown[] = [root];
  for (let walked = 0; pending.length > 0 && walked < WARNING_BOUNDS.nodes; walked++) {
    const node = pending.pop();
    if (!isNode(node)) continue;
    // Reversed onto the stack: the paths come out in the order the expression names them.
    pending.push(...childrenOf(node).reverse());
    if (node.type !== 'path' || !Array.isArray(node.steps)) continue;
    const steps = node.steps as Node[];
    if (steps[0]?.type !== 'name' || steps[0].value !== 'data') continue;
    const path: string[] = [];
    for (const step of steps.slice(1, WARNING_BOUNDS.steps + 1)) {
      if (step.type !== 'name' || typeof step.value !== 'string') break;
      path.push(step.value);
    }
    if (path.length > 0 && found.size < WARNING_BOUNDS.paths) found.set(path.join('\u0000'), path);
  }
  return [...found.values()];
};

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keywords under which a schema may allow fields it does not list: it cannot then tell. */
const OPEN_ENDED = ['$ref', '$dynamicRef', 'allOf', 'anyOf', 'oneOf', 'if', 'patternProperties'];

/** Fields past the listed ones are said to be welcome: the schema cannot tell what is missing. */
const welcomesOthers = (node: Schema): boolean =>
  node.additionalProperties === true ||
  isSchema(node.additionalProperties) ||
  node.unevaluatedProperties === true ||
  isSchema(node.unevaluatedProperties);

type Undeclared = { at: number; closed: boolean };

/**
 * Where a path stops being declared by the schema: its first step the schema's `properties` do
 * not list (and whether the schema refuses any field it does not list there), or undefined when
 * every step is listed or the schema cannot tell (no `properties` at that level, fields past them
 * welcome, or a combination it would take resolving to answer). An array's `items` stand for each
 * item, as JSONata maps a step over an array.
 */
const undeclaredStep = (schema: Schema, path: readonly string[]): Undeclared | undefined => {
  let node: Schema = schema;
  for (const [at, name] of path.entries()) {
    if (!isSchema(node.properties) && isSchema(node.items)) node = node.items;
    if (OPEN_ENDED.some((keyword) => keyword in node) || welcomesOthers(node)) return undefined;
    if (!isSchema(node.properties)) return undefined;
    if (!Object.hasOwn(node.properties, name))
      return { at, closed: node.additionalProperties === false };
    const next = node.properties[name];
    if (!isSchema(next)) return undefined;
    node = next;
  }
  return undefined;
};

/**
 * What the filter reads that the types' schemas lack, one warning per type and path, within
 * WARNING_BOUNDS. A type with an open schema (nothing declared) gets none: anything may be there.
 */
export const filterWarnings = (
  filter: string,
  types: readonly EventTypeEntry[],
): FilterWarning[] => {
  const paths = dataPathsOf(filter);
  const warnings: FilterWarning[] = [];
  for (const type of types.slice(0, WARNING_BOUNDS.types)) {
    for (const path of paths) {
      const undeclared = undeclaredStep(type.schema, path);
      if (!undeclared) continue;
      const read = `data.${path.join('.')}`;
      const missing = `data.${path.slice(0, undeclared.at + 1).join('.')}`;
      warnings.push({
        type: type.name,
        path: read,
        message: undeclared.closed
          ? `${type.name} never has ${missing}: its schema allows no such field, so the filter never sees it for these events.`
          : `${type.name} has no ${missing} in its schema (version ${type.version}): for these events the filter reads it as missing.`,
      });
      if (warnings.length >= WARNING_BOUNDS.warnings) return warnings;
    }
  }
  return warnings;
};
