import type {
  DefinitionDeactivated,
  ProcessDefinitionEvent,
  VersionActivated,
  VersionPublished,
} from '../../domain/processes/definition/processDefinition.js';
import { definitionStream } from '../../domain/processes/definition/processDefinition.js';
import type { InstanceCreated } from '../../domain/processes/instance/instanceEvents.js';
import { instanceStream } from '../../domain/processes/instance/processInstance.js';
import type { Step } from '../../domain/processes/stepLanguage.js';
import type { RecordedEvent } from '../../domain/shared/envelope.js';
import {
  PROCESS_DEFINITIONS,
  PROCESS_DEFINITION_VERSIONS,
  processDefinitionsProjection,
} from '../../projections/processDefinitions.js';
import { projectionSpec, recorded } from '../support/projectionSpec.js';

const spec = projectionSpec(processDefinitionsProjection);
const t1 = '2026-01-01T00:00:00.000Z';
const t2 = '2026-01-02T00:00:00.000Z';
const t3 = '2026-01-03T00:00:00.000Z';

const steps: Step[] = [
  { id: 'price', name: 'Price the refund', type: 'transform', value: 'input.amount' },
  { id: 'approve', type: 'approval', if: 'steps.price > 10000' },
  { id: 'done', type: 'succeed', visible: false },
];

/** An event of definition order.fulfil at this revision of its stream. */
const inStream = (event: ProcessDefinitionEvent, revision: number): RecordedEvent =>
  recorded(definitionStream('order.fulfil'), event.type, event.data, { revision });

const published = (version: number, name: string, at: string): VersionPublished => ({
  type: 'process_definition.version_published',
  data: {
    definition_id: 'order.fulfil',
    version,
    name,
    description: 'Refunds an order, with approval above 100.00.',
    input_schema: { type: 'object', required: ['amount'] },
    steps,
    output: 'steps.price',
    published_at: at,
  },
});
const activated = (version: number, previous: number | null, at: string): VersionActivated => ({
  type: 'process_definition.version_activated',
  data: { definition_id: 'order.fulfil', version, previous_version: previous, activated_at: at },
});

describe('process definitions projection', () => {
  it('lists a published version as a draft, and the definition under its latest name', () => {
    spec.when(inStream(published(1, 'Refund', t1), 0)).then([
      {
        op: 'put',
        collection: PROCESS_DEFINITION_VERSIONS,
        doc: {
          id: 'order.fulfil@1',
          object: 'process_definition_version',
          definition_id: 'order.fulfil',
          version: 1,
          status: 'draft',
          name: 'Refund',
          description: 'Refunds an order, with approval above 100.00.',
          input_schema: { type: 'object', required: ['amount'] },
          steps: [
            { id: 'price', name: 'Price the refund', type: 'transform', value: 'input.amount' },
            { id: 'approve', type: 'approval', if: 'steps.price > 10000' },
            { id: 'done', type: 'succeed', visible: false },
          ],
          output: 'steps.price',
          created_at: t1,
        },
      },
      {
        op: 'patch',
        collection: PROCESS_DEFINITIONS,
        id: 'order.fulfil',
        set: {
          name: 'Refund',
          description: 'Refunds an order, with approval above 100.00.',
          latest_version: 1,
          updated_at: t1,
        },
        setOnInsert: { object: 'process_definition', active_version: null, created_at: t1 },
      },
    ]);
  });

  it('lists a later version beside the earlier ones and makes it the latest', () => {
    spec.when(inStream(published(2, 'Refund order', t2), 2)).then([
      {
        op: 'put',
        collection: PROCESS_DEFINITION_VERSIONS,
        doc: {
          id: 'order.fulfil@2',
          object: 'process_definition_version',
          definition_id: 'order.fulfil',
          version: 2,
          status: 'draft',
          name: 'Refund order',
          description: 'Refunds an order, with approval above 100.00.',
          input_schema: { type: 'object', required: ['amount'] },
          steps,
          output: 'steps.price',
          created_at: t2,
        },
      },
      {
        op: 'patch',
        collection: PROCESS_DEFINITIONS,
        id: 'order.fulfil',
        set: {
          name: 'Refund order',
          description: 'Refunds an order, with approval above 100.00.',
          latest_version: 2,
          updated_at: t2,
        },
        setOnInsert: { object: 'process_definition', active_version: null, created_at: t2 },
      },
    ]);
  });

  it('activates a first version, with no other to retire', () => {
    spec.when(inStream(activated(1, null, t2), 1)).then([
      {
        op: 'patch',
        collection: PROCESS_DEFINITION_VERSIONS,
        id: 'order.fulfil@1',
        set: { status: 'active' },
      },
      {
        op: 'patch',
        collection: PROCESS_DEFINITIONS,
        id: 'order.fulfil',
        set: { active_version: 1, updated_at: t2 },
      },
    ]);
  });

  it('activates a version in place of the active one, which becomes inactive', () => {
    spec.when(inStream(activated(2, 1, t3), 3)).then([
      {
        op: 'patch',
        collection: PROCESS_DEFINITION_VERSIONS,
        id: 'order.fulfil@1',
        set: { status: 'inactive' },
      },
      {
        op: 'patch',
        collection: PROCESS_DEFINITION_VERSIONS,
        id: 'order.fulfil@2',
        set: { status: 'active' },
      },
      {
        op: 'patch',
        collection: PROCESS_DEFINITIONS,
        id: 'order.fulfil',
        set: { active_version: 2, updated_at: t3 },
      },
    ]);
  });

  it('deactivates the active version, leaving the definition with none active', () => {
    const deactivated: DefinitionDeactivated = {
      type: 'process_definition.deactivated',
      data: { definition_id: 'order.fulfil', version: 2, deactivated_at: t3 },
    };
    spec.when(inStream(deactivated, 4)).then([
      {
        op: 'patch',
        collection: PROCESS_DEFINITION_VERSIONS,
        id: 'order.fulfil@2',
        set: { status: 'inactive' },
      },
      {
        op: 'patch',
        collection: PROCESS_DEFINITIONS,
        id: 'order.fulfil',
        set: { active_version: null, updated_at: t3 },
      },
    ]);
  });

  it('ignores the instances that run a definition', () => {
    const created: InstanceCreated = {
      type: 'process_instance.created',
      data: {
        instance_id: 'pi_1',
        merchant_id: 'mer_a',
        definition: { id: 'order.fulfil', version: 1 },
        inputs: { amount: 4200 },
        start_source: { mode: 'api' },
        replay_of: null,
        first_step: 'price',
        created_at: t2,
      },
    };
    spec.ignores(
      recorded(instanceStream('pi_1'), created.type, created.data, {
        metadata: { merchant_id: 'mer_a' },
      }),
    );
  });
});
