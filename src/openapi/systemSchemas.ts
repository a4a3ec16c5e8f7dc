import { object } from './schema.js';

/** What the health checks answer: liveness, and readiness with its reasons. */
export const systemSchemas = {
  Health: object({ status: { const: 'ok' } }),
  Ready: object({
    status: { const: 'ready' },
    checks: { type: 'object', additionalProperties: { enum: ['ok', 'unavailable'] } },
    workers_failing: {
      type: 'array',
      description:
        'The workers of this process whose loops are failing now (each tries again by itself); while any is, the answer is 503 with the same members',
      items: object({
        worker: { type: 'string' },
        failures: { type: 'integer', minimum: 1 },
        since: { type: 'string', format: 'date-time' },
        error: { type: 'string' },
      }),
    },
  }),
};
