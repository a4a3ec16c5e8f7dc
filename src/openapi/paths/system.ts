import { internal } from '../responses.js';
import { json, ref } from '../schema.js';

const open = { security: [] };

export const systemPaths = {
  '/v1/config': {
    get: {
      ...open,
      tags: ['System'],
      operationId: 'getConfig',
      summary: 'The public configuration: limits, retry schedule, signature version',
      responses: {
        '200': { description: 'The running configuration', content: json(ref('PublicConfig')) },
        ...internal,
      },
    },
  },
  '/v1/openapi.json': {
    get: {
      ...open,
      tags: ['System'],
      operationId: 'getOpenApi',
      summary: 'This document',
      responses: { '200': { description: 'OpenAPI 3.1', content: json({ type: 'object' }) } },
    },
  },
  '/healthz': {
    get: {
      ...open,
      tags: ['System'],
      operationId: 'health',
      summary: 'The process lives',
      responses: { '200': { description: 'Alive', content: json(ref('Health')) } },
    },
  },
  '/readyz': {
    get: {
      ...open,
      tags: ['System'],
      operationId: 'ready',
      summary: 'Its stores answer and none of its workers is failing',
      responses: {
        '200': { description: 'Ready', content: json(ref('Ready')) },
        '503': {
          description: 'Not ready: a store does not answer, or a worker’s loop is failing',
          headers: { 'Retry-After': { schema: { type: 'string' } } },
          content: { 'application/problem+json': { schema: ref('NotReady') } },
        },
        ...internal,
      },
    },
  },
  '/metrics': {
    get: {
      ...open,
      tags: ['System'],
      operationId: 'metrics',
      summary: 'Prometheus metrics',
      description:
        'Open unless SLUICE_METRICS_TOKEN is set; then a scrape sends Authorization: Bearer <that token>, and is refused 401 without it. Wrong tokens count against their address as unknown API keys do: past the allowance, the next wrong ones are refused 429 (the right one is still answered).',
      responses: {
        '200': {
          description: 'Prometheus text exposition',
          content: { 'text/plain': { schema: { type: 'string' } } },
        },
        '401': { $ref: '#/components/responses/Unauthorized' },
        '429': { $ref: '#/components/responses/RateLimited' },
      },
    },
  },
};
