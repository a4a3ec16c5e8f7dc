import type { CollectionSpec } from '../../../projections/projection.js';
import type { Scalar } from '../port.js';

import { checkName } from '../checkName.js';

/**
 * A value as a text that sorts, bytewise, as SQLite sorts the value: null first (as SQL NULL),
 * then numbers (booleans as 1 and 0) by value, then text. A number is its IEEE 754 bits made to
 * compare as unsigned (sign bit set for positives, every bit flipped for negatives), in hex.
 */
export const sortKey = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return sortKey(value ? 1 : 0);
  if (typeof value === 'number') {
    const bits = Buffer.alloc(8);
    bits.writeDoubleBE(value === 0 ? 0 : value);
    if (bits[0]! & 0x80) for (let i = 0; i < 8; i++) bits[i] = ~bits[i]! & 0xff;
    else bits[0] = bits[0]! | 0x80;
    return `n${bits.toString('hex')}`;
  }
  if (typeof value === 'string') return `s${value}`;
  return `s${JSON.stringify(value)}`;
};

/** How a field is read in SQL, and how a value is bound to compare with it. */
export type FieldSql = { expression: string; bind: (value: Scalar) => string | null; cast: string };

/**
 * How a collection sits in its table: the document as `json` (kept as written), and each field an
 * index names in a column of its own holding its sort key, written from the document on each
 * write. Other fields are compared as `jsonb` (equality is exact; order follows the database's).
 */
export type Layout = {
  field: (name: string) => FieldSql;
  /** The key columns beside `id` and `doc`, in the order `keys` gives them. */
  columns: readonly string[];
  keys: (doc: Record<string, unknown>) => Array<string | null>;
};

const columnOf = (name: string) => `k_${checkName('field', name)}`;

export const layoutOf = (spec: CollectionSpec): Layout => {
  const fields = [...new Set(spec.indexes.flat())].filter((name) => name !== 'id');
  const indexed = new Set(fields);
  return {
    field: (name) => {
      if (name === 'id')
        return { expression: 'id', bind: (v) => (v === null ? null : String(v)), cast: 'text' };
      if (indexed.has(name)) return { expression: columnOf(name), bind: sortKey, cast: 'text' };
      return {
        // JSON null reads as SQL NULL, as SQLite's json_extract reads it.
        expression: `NULLIF((doc->'${checkName('field', name)}')::jsonb, 'null'::jsonb)`,
        bind: (value) => JSON.stringify(value),
        cast: 'jsonb',
      };
    },
    columns: fields.map(columnOf),
    keys: (doc) => fields.map((name) => sortKey(doc[name])),
  };
};
