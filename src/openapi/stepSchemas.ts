import { object, ref } from './schema.js';
import type { Schema } from './schema.js';

export const expression: Schema = {
  type: 'string',
  minLength: 1,
  description: 'A JSONata expression over { input, steps: { <step id>: <output> }, instance }',
};
export const stepId: Schema = { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_-]{0,63}$' };
export const definitionId: Schema = { type: 'string', pattern: '^[a-z][a-z0-9_.-]{0,63}$' };

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
  retry: object(
    {
      max_attempts: {
        type: 'integer',
        minimum: 1,
        maximum: 10,
        description: 'Attempts in all, the first among them',
      },
      backoff_ms: {
        type: 'integer',
        minimum: 0,
        maximum: 3600000,
        description:
          'The pause before the second attempt; each next pause is backoff_rate times longer',
      },
      backoff_rate: { type: 'number', minimum: 1, maximum: 10, default: 2 },
      on: {
        type: 'array',
        minItems: 1,
        items: { type: 'string', pattern: '^[a-z][a-z0-9_]{0,63}$' },
        description:
          'The codes retried; absent: every code but url_blocked, invalid_request, input_invalid, process_not_found, process_inactive and call_depth_exceeded (step_limit_exceeded never is). A retry takes the failures of running the step and a call’s child_failed; a deadline’s timeout goes to on_timeout or catch, a rejected approval to catch',
      },
    },
    ['backoff_rate', 'on'],
  ),
};
const commonOptional = ['name', 'visible', 'if', 'next', 'catch', 'retry'];

const step = (type: string, fields: Record<string, Schema>, optional: string[] = []): Schema =>
  object({ ...common, type: { const: type }, ...fields }, [...commonOptional, ...optional]);

/** A waiting step's deadline (escalation). */
const deadline: Record<string, Schema> = {
  timeout_ms: {
    type: 'integer',
    minimum: 1,
    maximum: 31536000000,
    description: 'Longest wait; past it the step fails with code timeout',
  },
  on_timeout: {
    ...stepId,
    description:
      'Where the instance goes once the step timed out (the error at steps.<id>.error); without it the instance fails. Needs timeout_ms',
  },
};

export const stepSchemas: Record<string, Schema> = {
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
      retry: common.retry,
    },
    ['name', 'visible', 'if', 'otherwise', 'catch', 'retry'],
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
          'Sent with every call; kept encrypted at rest. Only the admin’s key reads the values: to any other key, and in the answer to a publish, each value is `"[redacted]"` (the names stay). Refused at publish (400, at the header’s path): a name that is not an HTTP token, or that the HTTP client does not send (expect, keep-alive, transfer-encoding, upgrade); a value with a line break or another control character.',
      },
      timeout_ms: { type: 'integer', minimum: 1, maximum: 60000, default: 10000 },
    },
    ['body', 'headers', 'timeout_ms'],
  ),
  FailStep: step(
    'fail',
    { code: { type: 'string', pattern: '^[a-z][a-z0-9_]{0,63}$' }, message: { type: 'string' } },
    ['message'],
  ),
  SucceedStep: step('succeed', {}),
  WaitForEventStep: step(
    'wait_for_event',
    {
      event_type: {
        type: 'string',
        description: 'Any type an event may be published with, extension.* among them',
      },
      match: {
        ...expression,
        description:
          'Over { input, steps, instance, event }: true for the event the instance waits for. Only events of the type, published for the instance’s merchant after the step started, are offered',
      },
      ...deadline,
    },
    ['timeout_ms', 'on_timeout'],
  ),
  ParallelStep: step('parallel', {
    branches: {
      type: 'array',
      minItems: 2,
      maxItems: 10,
      description:
        'Run at once; the output is the array of each branch’s last output, in branch order. The first branch to fail fails the step (the others stop). Step ids are unique in the whole definition; a branch’s next, choices and catches stay inside it; its steps wait only on the timer (delay, retry; no user_action, approval, wait_for_event or call); parallel and map nest at most 3 deep',
      items: object({ steps: { type: 'array', minItems: 1, items: ref('Step') } }),
    },
  }),
  MapStep: step(
    'map',
    {
      items: {
        ...expression,
        description:
          'A list of at most 1,000 elements (more fails the step with too_many_items; a single value is a list of one, nothing an empty list); steps run once per element, with item and index in their context. An instance has at most 1,000 branches and runs under way (more fails the step with too_many_lanes)',
      },
      steps: {
        type: 'array',
        minItems: 1,
        items: ref('Step'),
        description: 'As a parallel branch’s: they stay inside the map and wait only on the timer',
      },
      max_concurrency: { type: 'integer', minimum: 1, maximum: 32, default: 4 },
    },
    ['max_concurrency'],
  ),
  CallStep: step('call', {
    process_id: {
      ...definitionId,
      description:
        'A definition that exists when this one is published; its active version runs when the step does, for the same merchant (at most 5 calls deep)',
    },
    input: { ...expression, description: 'Must give an object: the child’s input' },
  }),
};
