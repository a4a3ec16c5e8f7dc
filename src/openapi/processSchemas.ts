import { list, nullable, object, ref, timestamp } from './schema.js';
import type { Schema } from './schema.js';
import { definitionId, expression, stepId, stepSchemas } from './stepSchemas.js';

const versionFields = {
  name: { type: 'string', minLength: 1, maxLength: 200 },
  description: { type: ['string', 'null'], maxLength: 1000 },
  input_schema: { type: 'object', description: 'JSON Schema 2020-12 for a run’s input' },
  steps: { type: 'array', minItems: 1, maxItems: 200, items: ref('Step') },
  output: { ...expression, type: ['string', 'null'], description: 'The instance’s result' },
};

const instanceError = object({
  code: { type: 'string' },
  message: { type: 'string' },
  step_id: { type: ['string', 'null'] },
});

/** A definition as lists show it; reading one adds its versions. */
const definitionFields = {
  id: definitionId,
  object: { const: 'process_definition' },
  name: { type: 'string' },
  description: { type: ['string', 'null'] },
  active_version: { type: ['integer', 'null'] },
  latest_version: { type: 'integer' },
  created_at: timestamp,
  updated_at: timestamp,
};

export const processSchemas: Record<string, Schema> = {
  ...stepSchemas,
  Step: {
    oneOf: Object.keys(stepSchemas).map(ref),
    description: 'One step of the step language; `type` says which.',
  },
  ProcessDefinitionBody: object({ id: definitionId, ...versionFields }, ['description', 'output']),
  ProcessDefinitionVersion: object({
    id: definitionId,
    object: { const: 'process_definition_version' },
    version: { type: 'integer', minimum: 1 },
    status: { type: 'string', enum: ['draft', 'active', 'inactive'] },
    ...versionFields,
    created_at: timestamp,
  }),
  ProcessDefinitionSummary: object(definitionFields),
  ProcessDefinition: object({
    ...definitionFields,
    versions: { type: 'array', items: ref('ProcessDefinitionVersion') },
  }),
  ProcessDefinitionList: list('ProcessDefinitionSummary'),
  InstanceStatus: {
    type: 'string',
    enum: ['pending', 'running', 'waiting', 'completed', 'failed', 'cancelled'],
  },
  InstanceStep: object(
    {
      id: stepId,
      name: { type: ['string', 'null'] },
      type: { type: 'string' },
      status: {
        type: 'string',
        description:
          'A step under way when its instance was cancelled reads `cancelled`; one under way when its instance ended otherwise, or when its fork ended (another lane failed), reads `stopped`',
        enum: [
          'pending',
          'running',
          'waiting',
          'completed',
          'failed',
          'skipped',
          'cancelled',
          'stopped',
        ],
      },
      started_at: timestamp,
      completed_at: nullable(timestamp),
      output: { description: 'Present once the step completed' },
      error: instanceError,
      attempt: {
        type: 'integer',
        minimum: 2,
        description: 'The attempt under way or last made, once the step’s retry ran it again',
      },
      lanes: {
        type: 'array',
        description:
          'A parallel’s branches or a map’s runs, in order, each with its steps (a step still running when its fork ended shows cancelled)',
        items: object({
          lane: { type: 'string', description: 'Where it is: fan[3], or fan[3]/checks[1] nested' },
          index: { type: 'integer', minimum: 0 },
          steps: { type: 'array', items: ref('InstanceStep') },
        }),
      },
    },
    ['output', 'error', 'attempt', 'lanes'],
  ),
  ProcessInstance: object(
    {
      id: { type: 'string', pattern: '^pi_' },
      object: { const: 'process_instance' },
      definition: object({ id: definitionId, version: { type: 'integer' } }),
      merchant_id: ref('MerchantId'),
      status: ref('InstanceStatus'),
      inputs: {
        type: ['object', 'null'],
        description:
          'The input the run was given; null once the merchant’s data was erased or is past retention',
      },
      result: object({ output: {} }),
      error: instanceError,
      steps: {
        type: 'array',
        items: ref('InstanceStep'),
        description: 'Visible steps, in the order reached',
      },
      start_source: {
        type: 'object',
        properties: { mode: { type: 'string', enum: ['api', 'call'] } },
        description:
          'As the caller gave it, with mode set to "api" by the service; a child instance’s says "call", with the parent’s instance_id and step_id',
      },
      replay_of: { type: ['string', 'null'] },
      parent: {
        ...nullable(object({ instance_id: { type: 'string' }, step_id: stepId })),
        description: 'The instance whose call step started this one; null for a top-level one',
      },
      children: {
        type: 'array',
        maxItems: 100,
        description: 'The instances its call steps started (the first 100), oldest first',
        items: object({
          instance_id: { type: 'string' },
          step_id: stepId,
          definition: object({ id: definitionId, version: { type: 'integer' } }),
          status: ref('InstanceStatus'),
        }),
      },
      erased: {
        const: true,
        description:
          'Present when the merchant’s data was erased: inputs, outputs and the result read as null',
      },
      data_expired: {
        const: true,
        description:
          'Present when its payloads are past retention: inputs, outputs and the result read as null',
      },
      created_at: timestamp,
      updated_at: timestamp,
      completed_at: nullable(timestamp),
    },
    ['result', 'error', 'erased', 'data_expired'],
  ),
  ProcessInstanceSummary: {
    ...object(
      {
        id: { type: 'string', pattern: '^pi_' },
        object: { const: 'process_instance' },
        definition: object({ id: definitionId, version: { type: 'integer' } }),
        merchant_id: ref('MerchantId'),
        status: ref('InstanceStatus'),
        error: instanceError,
        replay_of: { type: ['string', 'null'] },
        parent: nullable(object({ instance_id: { type: 'string' }, step_id: stepId })),
        created_at: timestamp,
        updated_at: timestamp,
        completed_at: nullable(timestamp),
      },
      ['error'],
    ),
    description:
      'An instance as lists show it: no inputs, steps or result, which GET /v1/process-instances/{instance_id} shows',
  },
  ProcessInstanceList: list('ProcessInstanceSummary'),
  ProcessInstanceEvent: object({
    object: { const: 'process_instance_event' },
    id: { type: 'string' },
    type: { type: 'string' },
    stream: { type: 'string' },
    revision: { type: 'integer', minimum: 0 },
    position: { type: 'string' },
    recorded_at: timestamp,
    data: { type: 'object', additionalProperties: true },
    metadata: object({
      merchant_id: { type: ['string', 'null'] },
      actor: { type: ['string', 'null'] },
      request_id: { type: ['string', 'null'] },
      correlation_id: { type: ['string', 'null'] },
      causation_id: { type: ['string', 'null'] },
    }),
  }),
  ProcessInstanceEventList: list('ProcessInstanceEvent'),
};
