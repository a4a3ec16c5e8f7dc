import { list, nullable, object, ref, timestamp } from './schema.js';
import type { Schema } from './schema.js';

const expression: Schema = {
  type: 'string',
  minLength: 1,
  description: 'A JSONata expression over { input, steps: { <step id>: <output> }, instance }',
};
const stepId: Schema = { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_-]{0,63}$' };
const definitionId: Schema = { type: 'string', pattern: '^[a-z][a-z0-9_.-]{0,63}$' };

const common = {
  id: stepId,
  name: { type: 'string' },
  visible: {
    type: 'boolean',
    default: true,
    description: 'Hidden steps are not listed on the instance',
  },
  if: { ...expression, description: 'False: the step is skipped' },
  next: { ...stepId, description: 'The step to run after this one; default: the next in the list' },
  catch: {
    type: 'array',
    minItems: 1,
    maxItems: 10,
    description:
      'When the step fails with one of a clause’s codes (`*`: any but step_limit_exceeded), the instance goes to its next rather than fail, the error at steps.<id>.error; the first clause naming the code wins',
    items: object({
      on: {
        type: 'array',
        minItems: 1,
        items: { type: 'string', pattern: '^(\\*|[a-z][a-z0-9_]{0,63})$' },
      },
      next: stepId,
    }),
  },
};
const commonOptional = ['name', 'visible', 'if', 'next', 'catch'];

const step = (type: string, fields: Record<string, Schema>, optional: string[] = []): Schema =>
  object({ ...common, type: { const: type }, ...fields }, [...commonOptional, ...optional]);

/** A person's step's deadline (escalation). */
const deadline: Record<string, Schema> = {
  timeout_ms: {
    type: 'integer',
    minimum: 1,
    maximum: 31536000000,
    description: 'Longest wait for the person; past it the step fails with code timeout',
  },
  on_timeout: {
    ...stepId,
    description:
      'Where the instance goes once the step timed out (the error at steps.<id>.error); without it the instance fails. Needs timeout_ms',
  },
};

const stepSchemas: Record<string, Schema> = {
  TransformStep: step('transform', { value: expression }),
  EmitStep: step('emit', {
    event_type: { type: 'string', description: 'A catalog type or extension.*' },
    data: { ...expression, description: 'Must give an object: the event’s data' },
  }),
  DelayStep: step('delay', { duration_ms: { type: 'integer', minimum: 1, maximum: 31536000000 } }),
  UserActionStep: step('user_action', { action: { type: 'string' }, ...deadline }, [
    'action',
    'timeout_ms',
    'on_timeout',
  ]),
  ApprovalStep: step('approval', deadline, ['timeout_ms', 'on_timeout']),
  ChoiceStep: object(
    {
      id: stepId,
      name: { type: 'string' },
      visible: { type: 'boolean' },
      if: expression,
      type: { const: 'choice' },
      branches: {
        type: 'array',
        minItems: 1,
        items: object({ when: expression, next: stepId }),
      },
      otherwise: { ...stepId, description: 'Default: the step after the choice' },
      catch: common.catch,
    },
    ['name', 'visible', 'if', 'otherwise', 'catch'],
  ),
  HttpStep: step(
    'http',
    {
      method: { type: 'string', enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
      url: { type: 'string', format: 'uri', description: 'Same address rules as webhook URLs' },
      body: { ...expression, description: 'Sent as JSON' },
      headers: {
        type: 'object',
        additionalProperties: { type: 'string' },
        description:
          'Sent with every call; kept encrypted at rest. Only the admin’s key reads the values: to any other key, and in the answer to a publish, each value is `"[redacted]"` (the names stay).',
      },
      timeout_ms: { type: 'integer', minimum: 1, maximum: 60000, default: 10000 },
      retry: object({
        max_attempts: { type: 'integer', minimum: 1, maximum: 10 },
        backoff_ms: { type: 'integer', minimum: 0, maximum: 3600000 },
      }),
    },
    ['body', 'headers', 'timeout_ms', 'retry'],
  ),
  FailStep: step(
    'fail',
    { code: { type: 'string', pattern: '^[a-z][a-z0-9_]{0,63}$' }, message: { type: 'string' } },
    ['message'],
  ),
  SucceedStep: step('succeed', {}),
};

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
        enum: ['pending', 'running', 'waiting', 'completed', 'failed', 'skipped', 'cancelled'],
      },
      started_at: timestamp,
      completed_at: nullable(timestamp),
      output: { description: 'Present once the step completed' },
      error: instanceError,
    },
    ['output', 'error'],
  ),
  ProcessInstance: object(
    {
      id: { type: 'string', pattern: '^pi_' },
      object: { const: 'process_instance' },
      definition: object({ id: definitionId, version: { type: 'integer' } }),
      merchant_id: ref('MerchantId'),
      status: ref('InstanceStatus'),
      inputs: { type: 'object' },
      result: object({ output: {} }),
      error: instanceError,
      steps: {
        type: 'array',
        items: ref('InstanceStep'),
        description: 'Visible steps, in the order reached',
      },
      start_source: {
        type: 'object',
        properties: { mode: { const: 'api' } },
        description: 'As the caller gave it, with mode set to "api" by the service',
      },
      replay_of: { type: ['string', 'null'] },
      created_at: timestamp,
      updated_at: timestamp,
      completed_at: nullable(timestamp),
    },
    ['result', 'error'],
  ),
  ProcessInstanceList: list('ProcessInstance'),
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
