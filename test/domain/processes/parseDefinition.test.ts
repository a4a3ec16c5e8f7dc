import { expect } from 'chai';
import { isLeft, isRight } from 'fp-ts/lib/Either.js';
import { compileInputSchema } from '../../../domain/processes/definition/inputSchema.js';
import { parseDefinition } from '../../../domain/processes/definition/parseDefinition.js';
import type { DefinitionBody } from '../../../domain/processes/stepLanguage.js';
import type { FieldFault } from '../../../domain/shared/errors.js';

const accepted = (raw: unknown): DefinitionBody => {
  const parsed = parseDefinition(raw);
  if (isLeft(parsed)) expect.fail(`refused: ${JSON.stringify(parsed.left.errors)}`);
  return parsed.right;
};

const faultsOf = (raw: unknown): FieldFault[] => {
  const parsed = parseDefinition(raw);
  if (isRight(parsed)) expect.fail(`accepted: ${JSON.stringify(parsed.right)}`);
  expect(parsed.left.code).to.equal('validation_failed');
  expect(parsed.left.detail).to.equal('The process definition is invalid.');
  return parsed.left.errors ?? [];
};

const fault = (path: string, message: string): FieldFault => ({ path, message });

const schema = {
  type: 'object',
  properties: { order_id: { type: 'string', format: 'uuid' }, amount: { type: 'number' } },
  required: ['order_id'],
};

/** A definition whose one step is `step`, followed by a step `end` that `next` may name. */
const withStep = (step: Record<string, unknown>) => ({
  id: 'order.fulfil',
  name: 'Fulfil an order',
  input_schema: schema,
  steps: [step, { id: 'end', type: 'succeed' }],
});

const withTop = (fields: Record<string, unknown>) => ({
  ...withStep({ id: 'start', type: 'approval' }),
  ...fields,
});

describe('parseDefinition', () => {
  describe('accepts', () => {
    it('a step of every type, with every optional field, unchanged', () => {
      const steps = [
        { id: 'price', type: 'transform', value: 'input.amount * 2', name: 'Price' },
        {
          id: 'announce',
          type: 'emit',
          event_type: 'order.confirmed',
          data: '{ "order_id": input.order_id }',
          visible: false,
        },
        { id: 'cool_off', type: 'delay', duration_ms: 31_536_000_000, if: 'input.amount > 10' },
        { id: 'confirm', type: 'user_action', action: 'confirm_address' },
        { id: 'sign-off', type: 'approval', next: 'route' },
        {
          id: 'route',
          type: 'choice',
          branches: [
            { when: 'steps.price > 100', next: 'call' },
            { when: 'steps.price = 0', next: 'refuse' },
          ],
          otherwise: 'done',
        },
        {
          id: 'call',
          type: 'http',
          method: 'POST',
          url: 'https://erp.example.com/orders',
          body: 'input',
          headers: { 'X-Source': 'sluice' },
          timeout_ms: 60_000,
          retry: { max_attempts: 10, backoff_ms: 0 },
          next: 'done',
        },
        { id: 'refuse', type: 'fail', code: 'order_refused', message: 'The order was refused.' },
        { id: 'done', type: 'succeed' },
      ];
      const raw = {
        id: 'order.fulfil',
        name: 'Fulfil an order',
        description: 'From payment to shipping.',
        input_schema: schema,
        steps,
        output: 'steps.price',
      };
      expect(accepted(raw)).to.deep.equal(raw);
    });

    it('absent description and output as null, and absent step fields as absent', () => {
      const body = accepted({
        id: 'o',
        name: 'O',
        input_schema: {},
        steps: [
          { id: 'a', type: 'user_action' },
          { id: 'b', type: 'http', method: 'GET', url: 'http://10.0.0.1:8080/status' },
          { id: 'c', type: 'fail', code: 'x' },
        ],
      });
      expect(body).to.deep.equal({
        id: 'o',
        name: 'O',
        description: null,
        input_schema: {},
        steps: [
          { id: 'a', type: 'user_action' },
          { id: 'b', type: 'http', method: 'GET', url: 'http://10.0.0.1:8080/status' },
          { id: 'c', type: 'fail', code: 'x' },
        ],
        output: null,
      });
      expect(Object.keys(body.steps[1]!)).to.deep.equal(['id', 'type', 'method', 'url']);
    });

    it('null description and output, as the read shape gives them back', () => {
      const body = accepted(withTop({ description: null, output: null }));
      expect([body.description, body.output]).to.deep.equal([null, null]);
    });

    it('extension event types, and expressions that would fail only when evaluated', () => {
      const body = accepted(
        withStep({
          id: 'e',
          type: 'emit',
          event_type: 'extension.erp.synced',
          data: '$error("x")',
        }),
      );
      expect(body.steps[0]).to.deep.equal({
        id: 'e',
        type: 'emit',
        event_type: 'extension.erp.synced',
        data: '$error("x")',
      });
    });
  });

  describe('refuses at the top level', () => {
    it('a body that is not an object', () => {
      expect(faultsOf([])).to.deep.equal([fault('', 'must be an object')]);
      expect(faultsOf(null)).to.deep.equal([fault('', 'must be an object')]);
    });

    it('a missing or malformed id', () => {
      expect(faultsOf(withTop({ id: undefined }))).to.deep.equal([fault('id', 'is required')]);
      expect(faultsOf(withTop({ id: 'Order' }))).to.deep.equal([
        fault('id', 'must match ^[a-z][a-z0-9_.-]{0,63}$'),
      ]);
      expect(faultsOf(withTop({ id: `o${'x'.repeat(64)}` }))).to.deep.equal([
        fault('id', 'must match ^[a-z][a-z0-9_.-]{0,63}$'),
      ]);
    });

    it('a name that is empty, too long or not a string', () => {
      const size = fault('name', 'must be 1 to 200 characters long');
      expect(faultsOf(withTop({ name: '' }))).to.deep.equal([size]);
      expect(faultsOf(withTop({ name: 'n'.repeat(201) }))).to.deep.equal([size]);
      expect(faultsOf(withTop({ name: 7 }))).to.deep.equal([fault('name', 'must be a string')]);
      expect(accepted(withTop({ name: 'n'.repeat(200) })).name).to.have.length(200);
    });

    it('a description over 1000 characters', () => {
      expect(faultsOf(withTop({ description: 'd'.repeat(1001) }))).to.deep.equal([
        fault('description', 'must be at most 1000 characters long'),
      ]);
    });

    it('an input schema that is not an object or does not compile', () => {
      const prefix = 'is not a valid JSON Schema 2020-12: ';
      expect(faultsOf(withTop({ input_schema: true }))).to.deep.equal([
        fault('input_schema', 'must be a JSON Schema object'),
      ]);
      expect(faultsOf(withTop({ input_schema: { type: 'objekt' } }))).to.deep.equal([
        fault(
          'input_schema',
          `${prefix}schema is invalid: data/type must be equal to one of the allowed values, data/type must be array, data/type must match a schema in anyOf`,
        ),
      ]);
      expect(faultsOf(withTop({ input_schema: { required: 'a' } }))).to.have.length(1);
    });

    it('an input schema with an unknown keyword, format or reference', () => {
      const prefix = 'is not a valid JSON Schema 2020-12: ';
      expect(
        faultsOf(withTop({ input_schema: { type: 'object', requried: ['a'] } })),
      ).to.deep.equal([fault('input_schema', `${prefix}strict mode: unknown keyword: "requried"`)]);
      expect(faultsOf(withTop({ input_schema: { format: 'postcode' } }))).to.deep.equal([
        fault('input_schema', `${prefix}unknown format "postcode" ignored in schema at path "#"`),
      ]);
      expect(faultsOf(withTop({ input_schema: { $ref: '#/$defs/missing' } }))).to.deep.equal([
        fault('input_schema', `${prefix}can't resolve reference #/$defs/missing from id #`),
      ]);
    });

    it('two schemas with the same $id: each compiles and validates on its own', () => {
      const $id = 'https://schemas.example.com/order';
      accepted(withTop({ input_schema: { $id, type: 'object' } }));
      accepted(withTop({ input_schema: { $id, type: 'array' } }));
      const text = compileInputSchema({ $id, type: 'string' });
      const count = compileInputSchema({ $id, type: 'integer' });
      expect([text('x'), count('x'), count(3)]).to.deep.equal([true, false, true]);
    });

    it('steps that are missing, not a list, empty or more than 200', () => {
      expect(faultsOf(withTop({ steps: undefined }))).to.deep.equal([
        fault('steps', 'is required'),
      ]);
      expect(faultsOf(withTop({ steps: {} }))).to.deep.equal([
        fault('steps', 'must be a list of steps'),
      ]);
      expect(faultsOf(withTop({ steps: [] }))).to.deep.equal([
        fault('steps', 'must hold 1 to 200 steps'),
      ]);
      const many = Array.from({ length: 201 }, (_, i) => ({ id: `s${i}`, type: 'succeed' }));
      expect(faultsOf(withTop({ steps: many }))).to.deep.equal([
        fault('steps', 'must hold 1 to 200 steps'),
      ]);
      expect(accepted(withTop({ steps: many.slice(0, 200) })).steps).to.have.length(200);
    });

    it('an output that is empty or does not parse', () => {
      expect(faultsOf(withTop({ output: '  ' }))).to.deep.equal([
        fault('output', 'must be a non-empty JSONata expression'),
      ]);
      expect(faultsOf(withTop({ output: '$sum(' }))).to.deep.equal([
        fault('output', 'is not a valid JSONata expression: Expected ")" before end of expression'),
      ]);
    });

    it('unknown fields', () => {
      expect(faultsOf(withTop({ version: 2, status: 'active' }))).to.deep.equal([
        fault('version', 'is not a known field'),
        fault('status', 'is not a known field'),
      ]);
    });
  });

  describe('refuses in any step', () => {
    it('a step that is not an object', () => {
      expect(faultsOf(withTop({ steps: [{ id: 'a', type: 'succeed' }, 'b'] }))).to.deep.equal([
        fault('steps.1', 'must be an object'),
      ]);
    });

    it('a missing or malformed id', () => {
      expect(faultsOf(withStep({ type: 'succeed' }))).to.deep.equal([
        fault('steps.0.id', 'is required'),
      ]);
      const pattern = fault('steps.0.id', 'must match ^[a-zA-Z][a-zA-Z0-9_-]{0,63}$');
      expect(faultsOf(withStep({ id: '1st', type: 'succeed' }))).to.deep.equal([pattern]);
      expect(faultsOf(withStep({ id: `s${'x'.repeat(64)}`, type: 'succeed' }))).to.deep.equal([
        pattern,
      ]);
      expect(faultsOf(withStep({ id: 'a.b', type: 'succeed' }))).to.deep.equal([pattern]);
    });

    it('a duplicate id, at the step that repeats it', () => {
      const raw = withTop({
        steps: [
          { id: 'a', type: 'approval' },
          { id: 'b', type: 'approval' },
          { id: 'a', type: 'succeed' },
        ],
      });
      expect(faultsOf(raw)).to.deep.equal([fault('steps.2.id', 'repeats the id of steps.0')]);
    });

    it('a missing or unknown type, naming the allowed types', () => {
      expect(faultsOf(withStep({ id: 'a' }))).to.deep.equal([fault('steps.0.type', 'is required')]);
      expect(faultsOf(withStep({ id: 'a', type: 'sleep', seconds: 3 }))).to.deep.equal([
        fault(
          'steps.0.type',
          'must be one of transform, emit, delay, user_action, approval, choice, http, fail, succeed, wait_for_event, call, parallel, map',
        ),
      ]);
    });

    it('a name, visible or if of the wrong kind', () => {
      const raw = withStep({ id: 'a', type: 'approval', name: 3, visible: 'no', if: 'a =' });
      expect(faultsOf(raw)).to.deep.equal([
        fault('steps.0.name', 'must be a string'),
        fault('steps.0.visible', 'must be true or false'),
        fault('steps.0.if', 'is not a valid JSONata expression: Unexpected end of expression'),
      ]);
    });

    it('a next that names no step', () => {
      expect(faultsOf(withStep({ id: 'a', type: 'approval', next: 'nowhere' }))).to.deep.equal([
        fault('steps.0.next', 'names no step of this definition: nowhere'),
      ]);
      expect(faultsOf(withStep({ id: 'a', type: 'approval', next: 1 }))).to.deep.equal([
        fault('steps.0.next', 'must be the id of a step'),
      ]);
    });

    it('fields that are not its type’s', () => {
      const raw = withStep({ id: 'a', type: 'transform', value: '1', duration_ms: 5 });
      expect(faultsOf(raw)).to.deep.equal([fault('steps.0.duration_ms', 'is not a known field')]);
      expect(faultsOf(withStep({ id: 'a', type: 'approval', approvers: [] }))).to.deep.equal([
        fault('steps.0.approvers', 'is not a known field'),
      ]);
      expect(faultsOf(withStep({ id: 'a', type: 'succeed', output: 'x' }))).to.deep.equal([
        fault('steps.0.output', 'is not a known field'),
      ]);
    });
  });

  describe('refuses in a step of its type', () => {
    it('transform: a missing or empty value', () => {
      expect(faultsOf(withStep({ id: 'a', type: 'transform' }))).to.deep.equal([
        fault('steps.0.value', 'is required'),
      ]);
      expect(faultsOf(withStep({ id: 'a', type: 'transform', value: '' }))).to.deep.equal([
        fault('steps.0.value', 'must be a non-empty JSONata expression'),
      ]);
    });

    it('emit: a type outside the catalog, webhook.test, and a bad data expression', () => {
      const emit = (event_type: unknown, data: unknown = 'input') =>
        withStep({ id: 'a', type: 'emit', event_type, data });
      const notPublishable = 'must be an event type of the catalog or an extension.* type';
      expect(faultsOf(emit('order.exploded'))).to.deep.equal([
        fault('steps.0.event_type', notPublishable),
      ]);
      expect(faultsOf(emit('extension.'))).to.deep.equal([
        fault('steps.0.event_type', notPublishable),
      ]);
      expect(faultsOf(emit('webhook.test'))).to.deep.equal([
        fault('steps.0.event_type', 'webhook.test is not published by processes'),
      ]);
      expect(faultsOf(emit('order.created', 42))).to.deep.equal([
        fault('steps.0.data', 'must be a non-empty JSONata expression'),
      ]);
      expect(faultsOf(withStep({ id: 'a', type: 'emit' }))).to.deep.equal([
        fault('steps.0.event_type', 'is required'),
        fault('steps.0.data', 'is required'),
      ]);
    });

    it('delay: a duration that is not an integer from 1 to 31536000000', () => {
      const range = fault('steps.0.duration_ms', 'must be an integer from 1 to 31536000000');
      for (const duration_ms of [0, 1.5, 31_536_000_001, '1000']) {
        expect(faultsOf(withStep({ id: 'a', type: 'delay', duration_ms }))).to.deep.equal([range]);
      }
      expect(accepted(withStep({ id: 'a', type: 'delay', duration_ms: 1 })).steps[0]).to.deep.equal(
        { id: 'a', type: 'delay', duration_ms: 1 },
      );
    });

    it('user_action: an action that is not a string', () => {
      expect(faultsOf(withStep({ id: 'a', type: 'user_action', action: {} }))).to.deep.equal([
        fault('steps.0.action', 'must be a string'),
      ]);
    });

    it('http: method, url, body, headers, timeout and retry out of bounds', () => {
      const raw = withStep({
        id: 'call',
        type: 'http',
        method: 'get',
        url: 'ftp://files.example.com/x',
        body: '{',
        headers: { 'X-Count': 1, 'bad name': 'v' },
        timeout_ms: 60_001,
        retry: { max_attempts: 11, backoff_ms: 3_600_001, jitter: true },
      });
      // A retry is common to every step: its faults come before those of the step's own fields.
      expect(faultsOf(raw)).to.deep.equal([
        fault('steps.0.retry.jitter', 'is not a known field'),
        fault('steps.0.retry.max_attempts', 'must be an integer from 1 to 10'),
        fault('steps.0.retry.backoff_ms', 'must be an integer from 0 to 3600000'),
        fault('steps.0.method', 'must be one of GET, POST, PUT, PATCH, DELETE'),
        fault('steps.0.url', 'must be an absolute http or https URL'),
        fault(
          'steps.0.body',
          'is not a valid JSONata expression: Expected ":" before end of expression',
        ),
        fault('steps.0.headers.X-Count', 'must be a string'),
        fault('steps.0.headers.bad name', 'is not a valid header name'),
        fault('steps.0.timeout_ms', 'must be an integer from 1 to 60000'),
      ]);
    });

    it('http: a relative url, headers that are not an object, a retry without its fields', () => {
      const raw = withStep({
        id: 'call',
        type: 'http',
        method: 'GET',
        url: '/orders',
        headers: ['X-A'],
        timeout_ms: 0,
        retry: {},
      });
      expect(faultsOf(raw)).to.deep.equal([
        fault('steps.0.retry.max_attempts', 'is required'),
        fault('steps.0.retry.backoff_ms', 'is required'),
        fault('steps.0.url', 'must be an absolute http or https URL'),
        fault('steps.0.headers', 'must be an object of string values'),
        fault('steps.0.timeout_ms', 'must be an integer from 1 to 60000'),
      ]);
      expect(faultsOf(withStep({ id: 'call', type: 'http' }))).to.deep.equal([
        fault('steps.0.method', 'is required'),
        fault('steps.0.url', 'is required'),
      ]);
    });

    it('wait_for_event: a type no event may have, a match that does not compile, a deadline without its time', () => {
      expect(
        faultsOf(
          withStep({
            id: 'paid',
            type: 'wait_for_event',
            event_type: 'Payment Received',
            match: '$.(',
            on_timeout: 'nowhere',
          }),
        ).map((found) => found.path),
      ).to.deep.equal([
        'steps.0.event_type',
        'steps.0.match',
        'steps.0.on_timeout',
        'steps.0.on_timeout',
      ]);
      expect(faultsOf(withStep({ id: 'paid', type: 'wait_for_event' }))).to.deep.equal([
        fault('steps.0.event_type', 'is required'),
        fault('steps.0.match', 'is required'),
      ]);
    });

    it('call: a process id of the wrong shape, no input', () => {
      expect(
        faultsOf(withStep({ id: 'sub', type: 'call', process_id: 'Not An Id' })),
      ).to.deep.equal([
        fault('steps.0.process_id', 'must match ^[a-z][a-z0-9_.-]{0,63}$'),
        fault('steps.0.input', 'is required'),
      ]);
    });

    it('parallel and map: ids unique across branches, each next inside its own branch, nesting and people bounded', () => {
      const raw = withTop({
        steps: [
          {
            id: 'split',
            type: 'parallel',
            branches: [
              { steps: [{ id: 'a', type: 'transform', value: '1', next: 'b' }] },
              {
                steps: [
                  { id: 'b', type: 'transform', value: '2' },
                  { id: 'a', type: 'succeed' },
                ],
              },
            ],
          },
          {
            id: 'each',
            type: 'map',
            items: 'input.lines',
            max_concurrency: 33,
            steps: [
              { id: 'ask', type: 'approval' },
              {
                id: 'deeper',
                type: 'map',
                items: '[1]',
                steps: [
                  {
                    id: 'deepest',
                    type: 'parallel',
                    branches: [
                      {
                        steps: [
                          {
                            id: 'x',
                            type: 'map',
                            items: '[1]',
                            steps: [{ id: 'y', type: 'succeed' }],
                          },
                        ],
                      },
                      { steps: [{ id: 'z', type: 'succeed' }] },
                    ],
                  },
                ],
              },
            ],
          },
          {
            id: 'one',
            type: 'parallel',
            branches: [{ steps: [{ id: 'lonely', type: 'succeed' }] }],
          },
        ],
      });
      expect(faultsOf(raw)).to.deep.equal([
        fault('steps.0.branches.0.steps.0.next', 'names no step of this definition: b'),
        fault('steps.0.branches.1.steps.1.id', 'repeats the id of steps.0.branches.0.steps.0'),
        fault(
          'steps.1.steps.0.type',
          'cannot be in a branch or a map: their steps wait only on the timer',
        ),
        fault(
          'steps.1.steps.1.steps.0.branches.0.steps.0.steps',
          'nests parallel and map steps more than 3 deep',
        ),
        fault('steps.1.max_concurrency', 'must be an integer from 1 to 32'),
        fault('steps.2.branches', 'must be a list of 2 to 10 branches'),
      ]);
      const fine = withTop({
        steps: [
          {
            id: 'each',
            type: 'map',
            items: 'input.lines',
            steps: [{ id: 'double', type: 'transform', value: 'item * 2' }],
          },
        ],
      });
      expect(accepted(fine).steps[0]).to.deep.include({ type: 'map', items: 'input.lines' });
    });

    it('retry on any step: attempts, pause, rate and codes out of bounds', () => {
      const raw = withStep({
        id: 'sum',
        type: 'transform',
        value: '1',
        retry: { max_attempts: 0, backoff_ms: -1, backoff_rate: 11, on: ['Bad', '*'] },
      });
      expect(faultsOf(raw)).to.deep.equal([
        fault('steps.0.retry.max_attempts', 'must be an integer from 1 to 10'),
        fault('steps.0.retry.backoff_ms', 'must be an integer from 0 to 3600000'),
        fault('steps.0.retry.backoff_rate', 'must be a number from 1 to 10'),
        fault('steps.0.retry.on.0', 'must match ^[a-z][a-z0-9_]{0,63}$'),
        fault('steps.0.retry.on.1', 'must match ^[a-z][a-z0-9_]{0,63}$'),
      ]);
    });

    it('fail: a missing or malformed code, a message that is not a string', () => {
      expect(faultsOf(withStep({ id: 'a', type: 'fail' }))).to.deep.equal([
        fault('steps.0.code', 'is required'),
      ]);
      expect(
        faultsOf(withStep({ id: 'a', type: 'fail', code: 'Bad-Code', message: 1 })),
      ).to.deep.equal([
        fault('steps.0.code', 'must match ^[a-z][a-z0-9_]{0,63}$'),
        fault('steps.0.message', 'must be a string'),
      ]);
    });

    it('choice: missing or empty branches, bad branches, unknown targets and a next', () => {
      expect(faultsOf(withStep({ id: 'c', type: 'choice' }))).to.deep.equal([
        fault('steps.0.branches', 'is required'),
      ]);
      expect(faultsOf(withStep({ id: 'c', type: 'choice', branches: [] }))).to.deep.equal([
        fault('steps.0.branches', 'must not be empty'),
      ]);
      expect(faultsOf(withStep({ id: 'c', type: 'choice', branches: {} }))).to.deep.equal([
        fault('steps.0.branches', 'must be a list'),
      ]);
      const raw = withStep({
        id: 'c',
        type: 'choice',
        next: 'end',
        branches: [
          { when: 'input.a', next: 'nowhere' },
          { when: 'input.a >', next: 'end', weight: 2 },
          'end',
          {},
        ],
        otherwise: 'elsewhere',
      });
      expect(faultsOf(raw)).to.deep.equal([
        fault('steps.0.next', 'is not allowed on a choice step: use otherwise'),
        fault('steps.0.branches.0.next', 'names no step of this definition: nowhere'),
        fault('steps.0.branches.1.weight', 'is not a known field'),
        fault(
          'steps.0.branches.1.when',
          'is not a valid JSONata expression: Unexpected end of expression',
        ),
        fault('steps.0.branches.2', 'must be an object'),
        fault('steps.0.branches.3.when', 'is required'),
        fault('steps.0.branches.3.next', 'is required'),
        fault('steps.0.otherwise', 'names no step of this definition: elsewhere'),
      ]);
    });
  });

  it('reports every fault of the definition at once, in the order of the body', () => {
    const raw = {
      id: 'Bad Id',
      name: '',
      input_schema: { type: 'objekt' },
      steps: [
        { id: 'a', type: 'delay', duration_ms: 0, next: 'z' },
        { id: 'a', type: 'nap' },
        { id: 'b', type: 'emit', event_type: 'webhook.test', data: 'input' },
      ],
      output: '(',
      extra: true,
    };
    expect(faultsOf(raw).map((f) => f.path)).to.deep.equal([
      'id',
      'name',
      'input_schema',
      'steps.0.next',
      'steps.0.duration_ms',
      'steps.1.id',
      'steps.1.type',
      'steps.2.event_type',
      'output',
      'extra',
    ]);
  });
});
