import type { InstanceDoc, InstanceStepDoc } from '../../projections/processInstances.js';
import {
  PROCESS_INSTANCE_PAYLOADS,
  PROCESS_INSTANCE_STEPS,
  PROCESS_INSTANCES,
} from '../../projections/processInstances.js';
import type { Services } from '../services.js';
import type { InstanceStart } from './startInstance.js';
import { allDocs, findDocs, getDoc } from '../reads/readModels.js';
import { instanceValueOpener } from '../payloads/sealedInstanceFields.js';

export const INSTANCE_ID = /^pi_[0-9A-Za-z]{1,64}$/;

type StepView = Record<string, unknown>;

const FORKS: ReadonlySet<string> = new Set(['parallel', 'map']);

const UNDER_WAY: ReadonlySet<string> = new Set(['pending', 'running', 'waiting']);

/**
 * How a step still under way reads once what held it has ended. The read model keeps the last
 * thing the step did (a lane's `delay` stays "waiting" when another lane fails the fork), but a
 * step nothing will move again is not waiting: it was cancelled with its instance, or stopped by
 * its fork's or its instance's end.
 */
type EndedAs = 'cancelled' | 'stopped' | null;

const endedAsOf = (instanceStatus: string): EndedAs =>
  instanceStatus === 'cancelled' ? 'cancelled' : UNDER_WAY.has(instanceStatus) ? null : 'stopped';

/**
 * A step as the API shows it; a fork's with its lanes (`lanes: [{ lane, index, steps }]`), each
 * with its own steps.
 */
const stepView = (
  step: InstanceStepDoc,
  lanes: ReadonlyMap<string, InstanceStepDoc[]>,
  endedAs: EndedAs,
): StepView => {
  const status = endedAs && UNDER_WAY.has(step.status) ? endedAs : step.status;
  return {
    id: step.step_id,
    name: step.name,
    type: step.type,
    status,
    started_at: step.started_at,
    completed_at: step.completed_at,
    ...(status === 'completed' && { output: step.output }),
    ...(step.error && { error: step.error }),
    ...(typeof step.attempt === 'number' && { attempt: step.attempt }),
    ...(FORKS.has(step.type) && { lanes: lanesView(step, lanes, endedAs) }),
  };
};

const LANE_INDEX = /\[(\d+)\]$/;

/** A fork's lanes in order; once the fork has ended, a lane step still under way was stopped. */
const lanesView = (
  fork: InstanceStepDoc,
  lanes: ReadonlyMap<string, InstanceStepDoc[]>,
  instanceEndedAs: EndedAs,
) => {
  const prefix = `${fork.lane ? `${fork.lane}/` : ''}${fork.step_id}[`;
  const endedAs = instanceEndedAs ?? (UNDER_WAY.has(fork.status) ? null : 'stopped');
  return [...lanes.entries()]
    .filter(([lane]) => lane.startsWith(prefix) && !lane.slice(prefix.length).includes('/'))
    .map(([lane, steps]) => ({
      lane,
      index: Number(LANE_INDEX.exec(lane)?.[1] ?? 0),
      steps: steps.map((step) => stepView(step, lanes, endedAs)),
    }))
    .sort((a, b) => a.index - b.index);
};

/** The most children an instance's view lists (a loop may call a process many times). */
const MAX_CHILDREN_LISTED = 100;

/**
 * An instance as the API shows it (PRODUCT.md 5): its visible steps in the order reached, its
 * payloads opened (the read models hold them sealed). Once the merchant's data is erased, or past
 * retention, they read as null, and the instance says why (`erased`, `data_expired`), as an
 * event does.
 */
export const instanceView = async (
  services: Pick<Services, 'readStore' | 'dataKeys'>,
  doc: InstanceDoc,
) => {
  const opener = instanceValueOpener(services.dataKeys);
  // Read at once: each is a round trip of its own where the read models are on a server.
  const [stepDocs, children, payloads] = await Promise.all([
    allDocs(services.readStore, PROCESS_INSTANCE_STEPS, {
      where: { instance_id: doc.id },
      orderBy: { field: 'seq', direction: 'asc' },
    }),
    findDocs(services.readStore, PROCESS_INSTANCES, {
      where: { parent_id: doc.id },
      orderBy: { field: 'created_at', direction: 'asc' },
      limit: MAX_CHILDREN_LISTED,
    }),
    instancePayloads(services, doc),
  ]);
  const steps = await Promise.all(
    stepDocs.map(async (step) => ({ ...step, output: await opener.open(step.output, doc.id) })),
  );
  const byLane = new Map<string, InstanceStepDoc[]>();
  for (const step of steps)
    if (step.lane) byLane.set(step.lane, [...(byLane.get(step.lane) ?? []), step]);
  const { definition_id: _definitionId, parent_id: _parentId, error, ...rest } = doc;
  const inputs = await opener.open(payloads.inputs, doc.id);
  const opened = (await opener.open(payloads.result, doc.id)) as InstanceDoc['result'];
  const unreadable = opener.unreadable();
  return {
    ...rest,
    inputs,
    parent: doc.parent ?? null,
    children: children.docs.map((child) => ({
      instance_id: child.id,
      step_id: child.parent?.step_id ?? null,
      definition: child.definition,
      status: child.status,
    })),
    ...(opened && { result: opened }),
    ...(error && { error }),
    ...(unreadable === 'erased' && { erased: true }),
    ...(unreadable === 'expired' && { data_expired: true }),
    steps: steps
      .filter((step) => !step.lane)
      .map((step) => stepView(step, byLane, endedAsOf(doc.status))),
  };
};

/**
 * An instance's inputs and result, sealed as the read models keep them: in a document of their
 * own, or inline in the instance's for an instance projected before they had one.
 */
export const instancePayloads = async (
  services: Pick<Services, 'readStore'>,
  doc: InstanceDoc,
): Promise<{ inputs: unknown; result: unknown }> => {
  const kept = await getDoc(services.readStore, PROCESS_INSTANCE_PAYLOADS, doc.id);
  return { inputs: kept?.inputs ?? doc.inputs ?? null, result: kept?.result ?? doc.result ?? null };
};

/**
 * An instance as lists show it: how it stands, without its payloads (inputs, outputs, result) or
 * steps, which its own route shows. A page of a hundred is then a few kilobytes, whatever the
 * instances hold.
 */
export const instanceSummary = (doc: InstanceDoc) => ({
  id: doc.id,
  object: doc.object,
  definition: doc.definition,
  merchant_id: doc.merchant_id,
  status: doc.status,
  ...(doc.error && { error: doc.error }),
  replay_of: doc.replay_of,
  parent: doc.parent ?? null,
  created_at: doc.created_at,
  updated_at: doc.updated_at,
  completed_at: doc.completed_at,
});

/** An instance's document, or undefined when there is none of that id. */
export const instanceDoc = async (
  services: Pick<Services, 'readStore'>,
  id: string,
): Promise<InstanceDoc | undefined> =>
  INSTANCE_ID.test(id) ? await getDoc(services.readStore, PROCESS_INSTANCES, id) : undefined;

/**
 * An instance as its creation recorded it, for an answer that cannot wait for the read models
 * (they lag): pending, nothing run yet. The instance's own route shows it as it goes on.
 */
export const instanceAsCreated = (
  start: Pick<InstanceStart, 'version' | 'merchantId' | 'inputs' | 'startSource' | 'replayOf'> & {
    definitionId: string;
  },
  instanceId: string,
  at: string,
) => ({
  id: instanceId,
  object: 'process_instance' as const,
  definition: { id: start.definitionId, version: start.version.version },
  merchant_id: start.merchantId,
  status: 'pending' as const,
  inputs: start.inputs,
  steps: [],
  start_source: start.startSource,
  replay_of: start.replayOf,
  parent: null,
  children: [],
  created_at: at,
  updated_at: at,
  completed_at: null,
});
