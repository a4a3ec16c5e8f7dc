import { object } from './schema.js';

/** What the health checks answer: liveness, and readiness with its reasons. */
const readiness = {
  checks: { type: 'object', additionalProperties: { enum: ['ok', 'unavailable'] } },
  workers_failing: {
    type: 'array',
    description:
      'The workers of this process whose loops are failing now (each tries again by itself)',
    items: object({
      worker: { type: 'string' },
      failures: { type: 'integer', minimum: 1 },
      since: { type: 'string', format: 'date-time' },
      error: { type: 'string' },
    }),
  },
};

export const systemSchemas = {
  Health: object({ status: { const: 'ok' } }),
  Ready: object({ status: { const: 'ready' }, ...readiness }),
  /** The problem /readyz answers while a store does not answer or a worker's loop fails. */
  NotReady: object(
    {
      type: { type: 'string', format: 'uri-reference' },
      title: { type: 'string' },
      status: { const: 503 },
      detail: { type: 'string' },
      code: { const: 'unavailable' },
      request_id: { type: 'string' },
      ...readiness,
    },
    [],
  ),
};
