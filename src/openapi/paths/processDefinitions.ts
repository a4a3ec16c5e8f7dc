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

const TAG = 'Process definitions';
const definitionId = {
  name: 'definition_id',
  in: 'path',
  required: true,
  schema: { type: 'string', pattern: '^[a-z][a-z0-9_.-]{0,63}$' },
};
const theDefinition = {
  description: 'The definition with its versions',
  content: json(ref('ProcessDefinition')),
};

export const processDefinitionPaths = {
  '/v1/process-definitions': {
    post: {
      tags: [TAG],
      operationId: 'publishProcessDefinition',
      summary: 'Publish a new version (1, 2, …) of a definition, in status draft (admin)',
      description:
        'Validated whole: step types, unique step ids, every `next` to a step, JSONata expressions that compile, an input schema that compiles. Every fault comes back in `errors` with its path (400).',
      parameters: [param('IdempotencyKey')],
      requestBody: { required: true, content: json(ref('ProcessDefinitionBody')) },
      responses: {
        '201': {
          description: 'The new version',
          headers: { Location: { schema: { type: 'string' } } },
          content: json(ref('ProcessDefinitionVersion')),
        },
        '202': {
          description:
            'The new version as published, when the read models lag behind the log (a projector being taken over): it is recorded, and shows on its route once they catch up',
          headers: { Location: { schema: { type: 'string' } } },
          content: json(ref('ProcessDefinitionVersion')),
        },
        ...authenticated,
        ...withBody,
        ...idempotentCreate,
        ...unprocessable('idempotency_key_reused'),
      },
    },
    get: {
      tags: [TAG],
      operationId: 'listProcessDefinitions',
      summary: 'List definitions, newest first',
      parameters: [param('Limit'), param('Cursor')],
      responses: {
        '200': {
          description: 'A page of definitions',
          content: json(ref('ProcessDefinitionList')),
        },
        ...badRequest,
        ...authenticated,
      },
    },
  },
  '/v1/process-definitions/{definition_id}': {
    get: {
      tags: [TAG],
      operationId: 'getProcessDefinition',
      summary: 'A definition with its versions and active_version',
      parameters: [definitionId],
      responses: { '200': theDefinition, ...authenticated, ...notFound },
    },
  },
  '/v1/process-definitions/{definition_id}/activate': {
    post: {
      tags: [TAG],
      operationId: 'activateProcessDefinition',
      summary: 'Make a version the single active one (admin)',
      parameters: [definitionId],
      requestBody: {
        required: true,
        content: json(object({ version: { type: 'integer', minimum: 1 } })),
      },
      responses: { '200': theDefinition, ...authenticated, ...withBody, ...notFound },
    },
  },
  '/v1/process-definitions/{definition_id}/deactivate': {
    post: {
      tags: [TAG],
      operationId: 'deactivateProcessDefinition',
      summary: 'Leave no version active: runs are refused with definition_not_active (admin)',
      parameters: [definitionId],
      requestBody: { required: false, content: json(object({})) },
      responses: { '200': theDefinition, ...authenticated, ...withBody, ...notFound, ...conflict },
    },
  },
};
