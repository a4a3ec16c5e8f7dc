import type { InstanceDoc, InstanceStepDoc } from '../../projections/processInstances.js';
import { PROCESS_INSTANCE_STEPS, PROCESS_INSTANCES } from '../../projections/processInstances.js';
import type { Services } from '../services.js';
import { allDocs, findDocs, getDoc } from '../reads/readModels.js';

export const INSTANCE_ID = /^pi_[0-9A-Za-z]{1,64}$/;

const stepView = (step: InstanceStepDoc) => ({
  id: step.step_id,
  name: step.name,
  type: step.type,
  status: step.status,
  started_at: step.started_at,
  completed_at: step.completed_at,
  ...(step.status === 'completed' && { output: step.output }),
  ...(step.error && { error: step.error }),
  ...(typeof step.attempt === 'number' && { attempt: step.attempt }),
});

/** The most children an instance's view lists (a loop may call a process many times). */
const MAX_CHILDREN_LISTED = 100;

/** An instance as the API shows it (PRODUCT.md 5): its visible steps in the order reached. */
export const instanceView = async (services: Pick<Services, 'readStore'>, doc: InstanceDoc) => {
  const steps = await allDocs(services.readStore, PROCESS_INSTANCE_STEPS, {
    where: { instance_id: doc.id },
    orderBy: { field: 'seq', direction: 'asc' },
  });
  const children = await findDocs(services.readStore, PROCESS_INSTANCES, {
    where: { parent_id: doc.id },
    orderBy: { field: 'created_at', direction: 'asc' },
    limit: MAX_CHILDREN_LISTED,
  });
  const { definition_id: _definitionId, parent_id: _parentId, result, error, ...rest } = doc;
  return {
    ...rest,
    parent: doc.parent ?? null,
    children: children.docs.map((child) => ({
      instance_id: child.id,
      step_id: child.parent?.step_id ?? null,
      definition: child.definition,
      status: child.status,
    })),
    ...(result && { result }),
    ...(error && { error }),
    steps: steps.map(stepView),
  };
};

/** An instance's document, or undefined when there is none of that id. */
export const instanceDoc = async (
  services: Pick<Services, 'readStore'>,
  id: string,
): Promise<InstanceDoc | undefined> =>
  INSTANCE_ID.test(id) ? await getDoc(services.readStore, PROCESS_INSTANCES, id) : undefined;
