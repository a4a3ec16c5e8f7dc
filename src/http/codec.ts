import * as t from 'io-ts';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { FieldFault } from '../../domain/shared/errors.js';
import { HttpProblem } from './problem.js';

/**
 * An object codec that, unlike io-ts' own, refuses fields it does not know: a misspelt optional
 * field must not be silently dropped.
 */
const strictCodecs = new WeakSet<object>();

export const strictObject = <R extends t.Props, O extends t.Props>(
  name: string,
  required: R,
  optional: O,
) => {
  const inner = t.intersection([t.type(required), t.partial(optional)]);
  const known = new Set([...Object.keys(required), ...Object.keys(optional)]);
  const codec = new t.Type<t.TypeOf<typeof inner>, t.OutputOf<typeof inner>, unknown>(
    name,
    inner.is,
    (input, context) => {
      if (typeof input !== 'object' || input === null || Array.isArray(input)) {
        return t.failure(input, context, 'must be a JSON object');
      }
      const record = input as Record<string, unknown>;
      const unknownFields: t.Errors = Object.keys(record)
        .filter((key) => !known.has(key))
        .map((key) => ({
          value: record[key],
          context: [...context, { key, type: t.never, actual: record[key] }],
          message: 'is not a known field',
        }));
      const validated = inner.validate(input, context);
      if (unknownFields.length === 0) return validated;
      // Report every fault at once: the unknown fields and those of the known ones.
      return t.failures([...unknownFields, ...(isLeft(validated) ? validated.left : [])]);
    },
    inner.encode,
  );
  strictCodecs.add(codec);
  return codec;
};

/**
 * Context entries under a combinator name one of its members, not a field: paths skip them. Under
 * a strict object, only the unknown fields (typed `never`) are fields of their own.
 */
const isMemberOfCombinator = (
  parent: t.Decoder<unknown, unknown>,
  entry: t.ContextEntry,
): boolean =>
  parent instanceof t.IntersectionType ||
  parent instanceof t.UnionType ||
  (strictCodecs.has(parent) && entry.type !== t.never);

/** io-ts errors as `{ path, message }`, one per faulty field, paths as the caller wrote them. */
export const faultsOf = (errors: t.Errors): FieldFault[] => {
  const faults = new Map<string, string>();
  for (const error of errors) {
    const keys: string[] = [];
    let described: t.Decoder<unknown, unknown> | undefined;
    error.context.forEach((entry, i) => {
      const parent = error.context[i - 1]?.type;
      if (i === 0 || (parent && isMemberOfCombinator(parent, entry))) return;
      keys.push(entry.key);
      described = entry.type;
    });
    const path = keys.join('.');
    if (faults.has(path)) continue;
    const typeName = (described ?? error.context[0]?.type)?.name ?? 'a valid value';
    faults.set(path, error.message ?? `must be ${typeName}`);
  }
  return [...faults].map(([path, message]) => ({ path, message }));
};

/** Decodes a request part, or throws the 400 problem listing every fault with its path. */
export const decodeOrThrow = <A>(codec: t.Decoder<unknown, A>, input: unknown, what: string): A => {
  const decoded = codec.decode(input);
  if (isLeft(decoded)) {
    throw new HttpProblem('validation_failed', `The ${what} is not valid.`, faultsOf(decoded.left));
  }
  return decoded.right;
};
