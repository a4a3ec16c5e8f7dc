/** Small builders for the JSON Schema (2020-12) objects of the OpenAPI document. */
export type Schema = Record<string, unknown>;

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

export const nullable = (schema: Schema): Schema =>
  '$ref' in schema
    ? { anyOf: [schema, { type: 'null' }] }
    : { ...schema, type: [schema.type, 'null'] };

export const timestamp: Schema = {
  type: 'string',
  format: 'date-time',
  description: 'RFC 3339, UTC, milliseconds',
};

/** An object whose listed properties are all required unless named in `optional`. */
export const object = (properties: Record<string, Schema>, optional: string[] = []): Schema => ({
  type: 'object',
  additionalProperties: false,
  required: Object.keys(properties).filter((p) => !optional.includes(p)),
  properties,
});

export const list = (item: string): Schema =>
  object({
    object: { const: 'list' },
    data: { type: 'array', items: ref(item) },
    has_more: { type: 'boolean' },
    next_cursor: { type: ['string', 'null'] },
  });

export const json = (schema: Schema) => ({ 'application/json': { schema } });
