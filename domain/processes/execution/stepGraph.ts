import type { DefinitionBody, Step } from '../stepLanguage.js';

/** How a definition's steps follow each other: in order, unless `next` or a choice says otherwise. */
export const firstStep = (definition: DefinitionBody): string => {
  const first = definition.steps[0];
  if (!first) throw new Error(`Definition ${definition.id} has no steps.`);
  return first.id;
};

export const stepById = (definition: DefinitionBody, stepId: string): Step | undefined =>
  definition.steps.find((step) => step.id === stepId);

/** The step after this one when it completes or is skipped; null after the last. */
export const followingStep = (definition: DefinitionBody, stepId: string): string | null => {
  const index = definition.steps.findIndex((step) => step.id === stepId);
  const step = definition.steps[index];
  if (!step) throw new Error(`Definition ${definition.id} has no step ${stepId}.`);
  if (step.type !== 'choice' && step.next !== undefined) return step.next;
  return definition.steps[index + 1]?.id ?? null;
};
