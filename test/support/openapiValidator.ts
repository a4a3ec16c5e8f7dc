import { Ajv2020 } from 'ajv/dist/2020.js';
import * as formatsModule from 'ajv-formats';
import type { FormatsPlugin } from 'ajv-formats';
import { openApiDocument } from '../../src/openapi/document.js';

type Operation = {
  responses: Record<string, { content?: Record<string, { schema?: unknown }> } | { $ref: string }>;
};
type Document = ReturnType<typeof openApiDocument> & {
  paths: Record<string, Record<string, Operation>>;
};

const addFormats =
  (formatsModule as unknown as { default: FormatsPlugin }).default ?? formatsModule;

const document = openApiDocument() as Document;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(document, 'openapi');

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

const templates = Object.keys(document.paths).map((template) => ({
  template,
  pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

/** The documented path template a concrete path matches, preferring literal segments. */
export const matchTemplate = (path: string): string | undefined =>
  templates
    .filter((t) => t.pattern.test(path))
    .sort(
      (a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0),
    )[0]?.template;

/**
 * Checks one answer against the document: the route and status must be documented, and the body
 * must match the schema of its media type. Returns the faults, empty when it conforms.
 */
export const validateResponse = (
  method: string,
  path: string,
  status: number,
  contentType: string | null,
  body: unknown,
): string[] => {
  const template = matchTemplate(path);
  const operation = template ? document.paths[template]![method.toLowerCase()] : undefined;
  if (!template || !operation) {
    // An unknown route or method is still answered with a problem: 404, or 401 under /v1 first;
    // 403 to a key held to documented operations; 400 for a path spelt otherwise than documented.
    if (
      [400, 401, 403, 404].includes(status) &&
      contentType?.startsWith('application/problem+json')
    ) {
      const problem = ajv.getSchema('openapi#/components/schemas/Problem')!;
      return problem(body) ? [] : [`${method} ${path} ${status}: not a problem body`];
    }
    return [`${method} ${path} ${status}: route not in the OpenAPI document`];
  }
  let response = operation.responses[String(status)];
  if (!response) return [`${method} ${template}: status ${status} not documented`];
  let base = pointer('paths', template, method.toLowerCase(), 'responses', String(status));
  if ('$ref' in response) {
    const name = response.$ref.split('/').pop()!;
    response = (
      document.components.responses as Record<
        string,
        { content?: Record<string, { schema?: unknown }> }
      >
    )[name]!;
    base = pointer('components', 'responses', name);
  }
  const content = response.content;
  if (!content)
    return body === undefined ? [] : [`${method} ${template} ${status}: documented without a body`];
  const mediaType = (contentType ?? '').split(';')[0]!.trim();
  if (!content[mediaType])
    return [`${method} ${template} ${status}: media type ${mediaType} not documented`];
  const validate = ajv.getSchema(`openapi#/${base}/${pointer('content', mediaType, 'schema')}`);
  if (!validate) return [`${method} ${template} ${status}: schema not found`];
  if (validate(body)) return [];
  return (validate.errors ?? []).map(
    (e) => `${method} ${template} ${status}: ${e.instancePath} ${e.message}`,
  );
};

export const documentedOperations = (): Array<{ method: string; template: string }> =>
  Object.entries(document.paths).flatMap(([template, item]) =>
    Object.keys(item).map((method) => ({ method: method.toUpperCase(), template })),
  );
