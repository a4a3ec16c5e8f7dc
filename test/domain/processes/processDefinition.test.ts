import { expect } from 'chai';
import { isLeft } from 'fp-ts/lib/Either.js';
import type {
  DefinitionDeactivated,
  ProcessDefinitionEvent,
  VersionActivated,
  VersionPublished,
} from '../../../domain/processes/definition/processDefinition.js';
import {
  definitionBody,
  definitionStream,
  processDefinitionDecider,
} from '../../../domain/processes/definition/processDefinition.js';
import type { DefinitionBody } from '../../../domain/processes/stepLanguage.js';
import { fold } from '../../../domain/shared/decider.js';
import { deciderSpec } from '../../support/deciderSpec.js';

const spec = deciderSpec(processDefinitionDecider);
const t1 = '2026-01-01T00:00:00.000Z';
const t2 = '2026-01-02T00:00:00.000Z';
const t3 = '2026-01-03T00:00:00.000Z';

const body = (name: string): DefinitionBody => ({
  id: 'order.fulfil',
  name,
  description: null,
  input_schema: { type: 'object' },
  steps: [{ id: 'done', type: 'succeed' }],
  output: null,
});

const published = (version: number, name: string, at: string): VersionPublished => ({
  type: 'process_definition.version_published',
  data: {
    definition_id: 'order.fulfil',
    version,
    name,
    description: null,
    input_schema: { type: 'object' },
    steps: [{ id: 'done', type: 'succeed' }],
    output: null,
    published_at: at,
  },
});
const activated = (version: number, previous: number | null, at: string): VersionActivated => ({
  type: 'process_definition.version_activated',
  data: { definition_id: 'order.fulfil', version, previous_version: previous, activated_at: at },
});
const deactivated = (version: number, at: string): DefinitionDeactivated => ({
  type: 'process_definition.deactivated',
  data: { definition_id: 'order.fulfil', version, deactivated_at: at },
});

const v1 = published(1, 'First', t1);
const v2 = published(2, 'Second', t2);
const stateAfter = (events: ProcessDefinitionEvent[]) => fold(processDefinitionDecider, events);

describe('process definition decider', () => {
  it('names its stream after the definition', () => {
    expect(definitionStream('order.fulfil')).to.equal('process_definition-order.fulfil');
  });

  describe('publish_version', () => {
    it('publishes version 1 of a new definition', () => {
      spec
        .given([])
        .when({ type: 'publish_version', body: body('First'), now: t1 })
        .then([v1]);
    });

    it('publishes the next version, whatever the state of the others', () => {
      spec
        .given([v1, activated(1, null, t1)])
        .when({ type: 'publish_version', body: body('Second'), now: t2 })
        .then([v2]);
      spec
        .given([v1, v2, activated(2, null, t2), deactivated(2, t2)])
        .when({ type: 'publish_version', body: body('Third'), now: t3 })
        .then([published(3, 'Third', t3)]);
    });

    it('keeps the description, schema, steps and output of the body', () => {
      const full: DefinitionBody = {
        ...body('Full'),
        description: 'Ships the order.',
        input_schema: { type: 'object', required: ['order_id'] },
        steps: [
          { id: 'price', type: 'transform', value: 'input.amount' },
          { id: 'done', type: 'succeed', visible: false },
        ],
        output: 'steps.price',
      };
      const { id: _id, ...content } = full;
      spec
        .given([])
        .when({ type: 'publish_version', body: full, now: t1 })
        .then([
          {
            type: 'process_definition.version_published',
            data: { definition_id: 'order.fulfil', version: 1, ...content, published_at: t1 },
          },
        ]);
    });
  });

  describe('activate', () => {
    it('activates a draft version when none is active', () => {
      spec
        .given([v1])
        .when({ type: 'activate', version: 1, now: t2 })
        .then([activated(1, null, t2)]);
    });

    it('activates another version in place of the active one', () => {
      spec
        .given([v1, v2, activated(1, null, t2)])
        .when({ type: 'activate', version: 2, now: t3 })
        .then([activated(2, 1, t3)]);
    });

    it('activates a version that was active before', () => {
      spec
        .given([v1, v2, activated(1, null, t2), activated(2, 1, t2)])
        .when({ type: 'activate', version: 1, now: t3 })
        .then([activated(1, 2, t3)]);
    });

    it('decides nothing when the version is already active', () => {
      spec
        .given([v1, v2, activated(2, null, t2)])
        .when({ type: 'activate', version: 2, now: t3 })
        .then([]);
    });

    it('refuses a definition without versions', () => {
      spec.given([]).when({ type: 'activate', version: 1, now: t1 }).thenFails('not_found');
    });

    it('refuses an unknown version, naming it', () => {
      spec.given([v1, v2]).when({ type: 'activate', version: 3, now: t3 }).thenFails('not_found');
      spec.given([v1]).when({ type: 'activate', version: 0, now: t3 }).thenFails('not_found');
      const decision = processDefinitionDecider.decide(
        { type: 'activate', version: 3, now: t3 },
        stateAfter([v1, v2]),
      );
      if (!isLeft(decision)) expect.fail('activated an unknown version');
      expect(decision.left).to.deep.equal({
        code: 'not_found',
        detail: 'Process definition order.fulfil has no version 3.',
      });
    });
  });

  describe('deactivate', () => {
    it('deactivates the active version', () => {
      spec
        .given([v1, v2, activated(2, null, t2)])
        .when({ type: 'deactivate', now: t3 })
        .then([deactivated(2, t3)]);
    });

    it('decides nothing when no version is active', () => {
      spec.given([v1]).when({ type: 'deactivate', now: t2 }).then([]);
      spec
        .given([v1, activated(1, null, t2), deactivated(1, t2)])
        .when({ type: 'deactivate', now: t3 })
        .then([]);
    });

    it('refuses a definition without versions', () => {
      spec.given([]).when({ type: 'deactivate', now: t1 }).thenFails('not_found');
    });
  });

  describe('state', () => {
    it('starts empty', () => {
      expect(stateAfter([])).to.deep.equal({
        definition_id: null,
        versions: [],
        active_version: null,
        created_at: null,
        updated_at: null,
      });
    });

    it('tells draft, active and once-active versions apart', () => {
      const state = stateAfter([
        v1,
        v2,
        published(3, 'Third', t2),
        activated(1, null, t2),
        activated(2, 1, t3),
      ]);
      expect(state.versions.map((v) => [v.version, v.status])).to.deep.equal([
        [1, 'inactive'],
        [2, 'active'],
        [3, 'draft'],
      ]);
      expect([state.definition_id, state.active_version]).to.deep.equal(['order.fulfil', 2]);
      expect([state.created_at, state.updated_at]).to.deep.equal([t1, t3]);
    });

    it('keeps no active version after a deactivation', () => {
      const state = stateAfter([v1, activated(1, null, t2), deactivated(1, t3)]);
      expect(state.active_version).to.equal(null);
      expect(state.versions[0]).to.deep.equal({
        version: 1,
        status: 'inactive',
        name: 'First',
        description: null,
        input_schema: { type: 'object' },
        steps: [{ id: 'done', type: 'succeed' }],
        output: null,
        published_at: t1,
      });
      expect(state.updated_at).to.equal(t3);
    });

    it('gives back a version as a runnable body', () => {
      const state = stateAfter([v1, v2]);
      expect(definitionBody(state, 2)).to.deep.equal(body('Second'));
      expect(definitionBody(state, 3)).to.equal(undefined);
      expect(definitionBody(stateAfter([]), 1)).to.equal(undefined);
    });
  });
});
