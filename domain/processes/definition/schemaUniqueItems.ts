import type { CodeKeywordDefinition, KeywordErrorDefinition } from 'ajv/dist/2020.js';
import { _, str } from 'ajv/dist/2020.js';
import { canonicalJson } from './schemaCanonical.js';

/** The first item equal to an earlier one (`i`), with that earlier one's index (`j`). */
const firstDuplicate = (items: readonly unknown[]): { i: number; j: number } | undefined => {
  const seen = new Map<string, number>();
  for (let i = 0; i < items.length; i++) {
    const text = canonicalJson(items[i]);
    const j = seen.get(text);
    if (j !== undefined) return { i, j };
    seen.set(text, i);
  }
  return undefined;
};

const error: KeywordErrorDefinition = {
  message: ({ params }) =>
    str`must NOT have duplicate items (items ## ${params.j ?? ''} and ${params.i ?? ''} are identical)`,
  params: ({ params }) => _`{i: ${params.i ?? ''}, j: ${params.j ?? ''}}`,
};

/**
 * `uniqueItems` in time linear in the array's size: Ajv's compares every pair of items that are
 * objects or arrays, and 60,000 objects took two minutes. Its errors read as Ajv's own.
 */
export const uniqueItemsKeyword: CodeKeywordDefinition = {
  keyword: 'uniqueItems',
  type: 'array',
  schemaType: 'boolean',
  error,
  code: (cxt) => {
    const { gen, data } = cxt;
    if (cxt.schema !== true) return;
    const find = gen.scopeValue('func', { ref: firstDuplicate });
    const duplicate = gen.const('duplicate', _`${find}(${data})`);
    cxt.setParams({ i: _`${duplicate}.i`, j: _`${duplicate}.j` });
    cxt.fail(_`${duplicate} !== undefined`);
  },
};
