import { openApiDocument } from '../openapi/document.js';

type OperationMatch = { method: string; pattern: RegExp; literals: number; operationId: string };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `/v1/webhooks/{endpoint_id}` as a pattern matching one path segment per parameter: case counts
 * and a trailing slash is another path, as in the routers (exactRouter).
 */
const patternOf = (template: string): RegExp =>
  new RegExp(
    `^${template
      .split(/\{[^}]+\}/)
      .map(escape)
      .join('[^/]+')}$`,
  );

/**
 * Tells which documented operation a request calls, from its method and path, the way the routers
 * match it: a literal segment wins over a parameter (`/v1/webhooks/test` is not an endpoint id).
 * Undefined means no documented operation, which a check of a restricted key refuses.
 */
export const operationResolver = (): ((method: string, path: string) => string | undefined) => {
  const paths = openApiDocument().paths as Record<string, Record<string, { operationId: string }>>;
  const matches: OperationMatch[] = Object.entries(paths)
    .flatMap(([template, item]) =>
      Object.entries(item).map(([method, op]) => ({
        method: method.toUpperCase(),
        pattern: patternOf(template),
        literals: template.split('/').filter((segment) => !segment.startsWith('{')).length,
        operationId: op.operationId,
      })),
    )
    .sort((a, b) => b.literals - a.literals);
  return (method, path) => {
    const wanted = method === 'HEAD' ? 'GET' : method;
    return matches.find((m) => m.method === wanted && m.pattern.test(path))?.operationId;
  };
};
