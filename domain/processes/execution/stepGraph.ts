import type { DefinitionBody, Step } from '../stepLanguage.js';

/** How a definition's steps follow each other: in order, unless `next` or a choice says otherwise. */
export const firstStep = (definition: DefinitionBody): string => {
  const first = definition.steps[0];
  if (!first) throw new Error(`Definition ${definition.id} has no steps.`);
  return first.id;
};

/** The lists of steps nested in a step: a parallel's branches, a map's steps. */
export const nestedLists = (step: Step): Step[][] =>
  step.type === 'parallel'
    ? step.branches.map((branch) => branch.steps)
    : step.type === 'map'
      ? [step.steps]
      : [];

/** Where a step is: the list that holds it (the top one, a branch's, a map's) and its place. */
type Place = { list: Step[]; index: number };

/** Each step's place, by id (ids are unique in the whole definition), found once per definition. */
const places = new WeakMap<DefinitionBody, Map<string, Place>>();

const placesOf = (definition: DefinitionBody): Map<string, Place> => {
  let found = places.get(definition);
  if (!found) {
    const map = new Map<string, Place>();
    const visit = (list: Step[]) =>
      list.forEach((step, index) => {
        map.set(step.id, { list, index });
        nestedLists(step).forEach(visit);
      });
    visit(definition.steps);
    places.set(definition, (found = map));
  }
  return found;
};

export const stepById = (definition: DefinitionBody, stepId: string): Step | undefined => {
  const place = placesOf(definition).get(stepId);
  return place?.list[place.index];
};

/**
 * The step after this one in its own list when it completes or is skipped; null after the last
 * (the end of the instance, or of the branch or run that holds it).
 */
export const followingStep = (definition: DefinitionBody, stepId: string): string | null => {
  const place = placesOf(definition).get(stepId);
  const step = place?.list[place.index];
  if (!place || !step) throw new Error(`Definition ${definition.id} has no step ${stepId}.`);
  if (step.type !== 'choice' && step.next !== undefined) return step.next;
  return place.list[place.index + 1]?.id ?? null;
};
