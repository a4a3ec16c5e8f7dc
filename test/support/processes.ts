import { expect } from 'chai';
import { eventually } from './delivery.js';
import type { TestService } from './testService.js';

/** A one-step definition: its output is the input's `n` doubled. */
export const doubling = (id = 'math.double') => ({
  id,
  name: 'Double',
  input_schema: {
    type: 'object',
    required: ['n'],
    properties: { n: { type: 'number' } },
    additionalProperties: false,
  },
  steps: [{ id: 'double', type: 'transform', value: 'input.n * 2' }],
  output: '{ "doubled": steps.double }',
});

/** Publishes the definition as a new version and activates it; returns the version. */
export const activeDefinition = async (
  service: TestService,
  body: Record<string, unknown>,
): Promise<number> => {
  const published = await service.api.post('/v1/process-definitions', service.admin, body);
  expect(published.status, published.text).to.equal(201);
  const version = published.body.version as number;
  const activated = await service.api.post(
    `/v1/process-definitions/${body.id as string}/activate`,
    service.admin,
    { version },
  );
  expect(activated.status, activated.text).to.equal(200);
  return version;
};

/** Starts a run of mer_acme with the admin key (unless the body names another merchant). */
export const run = (
  service: TestService,
  definitionId: string,
  body: Record<string, unknown> = {},
  key = service.admin,
) =>
  service.api.post(`/v1/processes/${definitionId}/runs`, key, {
    ...(key === service.admin && { merchant_id: 'mer_acme' }),
    ...body,
  });

export const instance = async (service: TestService, id: string) => {
  const res = await service.api.get(`/v1/process-instances/${id}`, service.admin);
  expect(res.status, res.text).to.equal(200);
  return res.body as Record<string, any>;
};

/** A definition with an open input schema: its steps and output are what a test is about. */
export const definitionOf = (id: string, steps: unknown[], output?: string) => ({
  id,
  name: id,
  input_schema: { type: 'object' },
  steps,
  ...(output && { output }),
});

/** The instance as the API shows it once it has ended: completed, failed or cancelled. */
export const endedInstance = async (service: TestService, id: string, timeoutMs = 10_000) =>
  (
    await eventually(
      () => service.api.get(`/v1/process-instances/${id}`, service.admin),
      (r) => ['completed', 'failed', 'cancelled'].includes(r.body.status as string),
      timeoutMs,
    )
  ).body as Record<string, any>;
