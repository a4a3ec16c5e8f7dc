import {
  authenticated,
  badRequest,
  conflict,
  idempotentCreate,
  notFound,
  param,
  unprocessable,
  withBody,
} from '../responses.js';
import { json, object, ref } from '../schema.js';

const TAG = 'Process instances';
const instanceId = {
  name: 'instance_id',
  in: 'path',
  required: true,
  schema: { type: 'string', pattern: '^pi_' },
};
const theInstance = (description: string) => ({
  description,
  content: json(ref('ProcessInstance')),
});
const stepId = { type: 'string', minLength: 1, maxLength: 64 };

export const processInstancePaths = {
  '/v1/processes/{definition_id}/runs': {
    post: {
      tags: [TAG],
      operationId: 'runProcess',
      summary:
        'Start a run of the definition’s active version (admin, merchant, publisher); optionally wait for its result',
      parameters: [
        {
          name: 'definition_id',
          in: 'path',
          required: true,
          schema: { type: 'string', pattern: '^[a-z][a-z0-9_.-]{0,63}$' },
        },
        param('IdempotencyKey'),
      ],
      requestBody: {
        required: false,
        content: json(
          object(
            {
              input: { type: 'object', description: 'Validated against the input schema (422)' },
              merchant_id: {
                anyOf: [ref('MerchantId'), { type: 'null' }],
                description: 'Required for an admin key; implied for a merchant key',
              },
              start_source: { type: 'object', description: 'Kept as given; mode is set to "api"' },
              wait: object({
                timeout_ms: {
                  type: 'integer',
                  minimum: 1,
                  description:
                    'At most GET /v1/config process_runs.max_wait_timeout_ms (400 beyond)',
                },
              }),
            },
            ['input', 'merchant_id', 'start_source', 'wait'],
          ),
        ),
      },
      responses: {
        '200': theInstance('With wait: the instance reached a terminal status in the window'),
        '201': {
          ...theInstance('Without wait: the created instance, at once'),
          headers: { Location: { schema: { type: 'string' } } },
        },
        '202': {
          ...theInstance(
            'With wait: the instance waits for a person (a user action or an approval), or the window closed first; the run goes on. With or without wait, also when the read models lag behind the log (a projector being taken over): the instance as created, pending. Follow Location.',
          ),
          headers: { Location: { schema: { type: 'string' } } },
        },
        ...authenticated,
        ...withBody,
        ...notFound,
        '409': {
          description: 'definition_not_active, or conflict (Idempotency-Key in use)',
          content: { 'application/problem+json': { schema: ref('Problem') } },
        },
        ...unprocessable('input_invalid', 'idempotency_key_reused'),
      },
    },
  },
  '/v1/process-instances': {
    get: {
      tags: [TAG],
      operationId: 'listProcessInstances',
      summary: 'List instances, newest first',
      parameters: [
        param('MerchantIdQuery'),
        { name: 'status', in: 'query', required: false, schema: ref('InstanceStatus') },
        {
          name: 'definition_id',
          in: 'query',
          required: false,
          schema: { type: 'string', pattern: '^[a-z][a-z0-9_.-]{0,63}$' },
        },
        param('Limit'),
        param('Cursor'),
      ],
      responses: {
        '200': {
          description:
            'A page of instances, as summaries: each one’s own route shows its inputs, steps and result',
          content: json(ref('ProcessInstanceList')),
        },
        ...badRequest,
        ...authenticated,
      },
    },
  },
  '/v1/process-instances/{instance_id}': {
    get: {
      tags: [TAG],
      operationId: 'getProcessInstance',
      summary: 'An instance: definition, status, inputs, result, visible steps',
      parameters: [instanceId],
      responses: { '200': theInstance('The instance'), ...authenticated, ...notFound },
    },
  },
  '/v1/process-instances/{instance_id}/cancel': {
    post: {
      tags: [TAG],
      operationId: 'cancelProcessInstance',
      summary: 'Cancel an instance that has not ended (409 when it has)',
      parameters: [instanceId],
      requestBody: { required: false, content: json(object({})) },
      responses: {
        '200': theInstance('The cancelled instance'),
        ...authenticated,
        ...withBody,
        ...notFound,
        ...conflict,
      },
    },
  },
  '/v1/process-instances/{instance_id}/replay': {
    post: {
      tags: [TAG],
      operationId: 'replayProcessInstance',
      summary: 'Run the same definition version again with the same inputs (replay_of set)',
      parameters: [instanceId, param('IdempotencyKey')],
      requestBody: { required: false, content: json(object({})) },
      responses: {
        '201': {
          ...theInstance('The new instance'),
          headers: { Location: { schema: { type: 'string' } } },
        },
        '202': {
          ...theInstance(
            'The new instance as created, pending, when the read models lag behind the log (a projector being taken over); the run goes on. Follow Location.',
          ),
          headers: { Location: { schema: { type: 'string' } } },
        },
        ...authenticated,
        ...withBody,
        ...notFound,
        ...idempotentCreate,
        ...unprocessable('input_invalid', 'idempotency_key_reused'),
      },
    },
  },
  '/v1/process-instances/{instance_id}/user-actions': {
    post: {
      tags: [TAG],
      operationId: 'completeUserAction',
      summary: 'Complete the user_action step the instance waits on; its output is data',
      parameters: [instanceId],
      requestBody: {
        required: true,
        content: json(object({ step_id: stepId, data: {} }, ['data'])),
      },
      responses: {
        '200': theInstance('The instance, resumed'),
        ...authenticated,
        ...withBody,
        ...notFound,
        ...conflict,
      },
    },
  },
  '/v1/process-instances/{instance_id}/approvals': {
    post: {
      tags: [TAG],
      operationId: 'resolveApproval',
      summary:
        'Approve or reject the approval step the instance waits on; rejected fails it (approval_rejected)',
      parameters: [instanceId],
      requestBody: {
        required: true,
        content: json(
          object(
            {
              step_id: stepId,
              decision: { type: 'string', enum: ['approved', 'rejected'] },
              comment: { type: ['string', 'null'], maxLength: 2000 },
            },
            ['comment'],
          ),
        ),
      },
      responses: {
        '200': theInstance('The instance, resumed or failed'),
        ...authenticated,
        ...withBody,
        ...notFound,
        ...conflict,
      },
    },
  },
  '/v1/process-instances/{instance_id}/events': {
    get: {
      tags: [TAG],
      operationId: 'listProcessInstanceEvents',
      summary: 'The instance’s own event history, oldest first',
      parameters: [instanceId, param('Limit'), param('Cursor')],
      responses: {
        '200': { description: 'A page of events', content: json(ref('ProcessInstanceEventList')) },
        ...badRequest,
        ...authenticated,
        ...notFound,
      },
    },
  },
};
