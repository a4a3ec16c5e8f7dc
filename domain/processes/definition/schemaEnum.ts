import type { CodeKeywordDefinition, KeywordErrorDefinition } from 'ajv/dist/2020.js';
import { _ } from 'ajv/dist/2020.js';
import { canonicalJson } from './schemaCanonical.js';

const error: KeywordErrorDefinition = {
  message: 'must be equal to one of the allowed values',
  params: ({ schemaCode }) => _`{allowedValues: ${schemaCode}}`,
};

/**
 * `enum` as one Set lookup per value. Ajv's compares the value with each allowed one in turn: with
 * 4,000 allowed values and 30,000 items, that was 1.6 s of work for one input. Its errors read as
 * Ajv's own.
 */
export const enumKeyword: CodeKeywordDefinition = {
  keyword: 'enum',
  schemaType: 'array',
  error,
  code: (cxt) => {
    const { gen, data } = cxt;
    const allowedValues = cxt.schema as unknown[];
    if (allowedValues.length === 0) throw new Error('enum must have non-empty array');
    const allowed = new Set(allowedValues.map(canonicalJson));
    const isAllowed = gen.scopeValue('func', {
      ref: (value: unknown) => allowed.has(canonicalJson(value)),
    });
    cxt.pass(_`${isAllowed}(${data})`);
  },
};
