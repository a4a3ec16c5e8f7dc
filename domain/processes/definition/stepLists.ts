import type { Step } from '../stepLanguage.js';
import type { Faults } from './fields.js';
import { isJsonObject, pathOf } from './fields.js';
import type { StepIds } from './stepRecovery.js';
import type { NestedLists } from './stepRules.js';
import { readStep } from './stepRules.js';

export const MAX_STEPS = 200;
/** How deep `parallel` and `map` steps may nest inside one another. */
export const MAX_NESTING = 3;

/** What reading a definition's lists of steps shares: its ids so far, its step count. */
type Reading = { ids: Map<string, string>; count: number };

/** The ids of one list: what its steps' `next`, branches, catches and timeouts may name. */
const idsOfList = (steps: readonly unknown[]): StepIds => {
  const ids = new Map<string, number>();
  steps.forEach((step, i) => {
    if (isJsonObject(step) && typeof step.id === 'string' && !ids.has(step.id)) ids.set(step.id, i);
  });
  return ids;
};

/** Step ids are unique in the whole definition, branches and runs included. */
const checkUnique = (value: unknown, path: string, reading: Reading, faults: Faults) => {
  if (!isJsonObject(value) || typeof value.id !== 'string') return;
  const first = reading.ids.get(value.id);
  if (first === undefined) reading.ids.set(value.id, path);
  else faults.push({ path: pathOf(path, 'id'), message: `repeats the id of ${first}` });
};

/** Where a list sits: at the top (0), or inside branches and maps, so many levels deep. */
type Place = { depth: number };

/**
 * The steps of a branch or a map run wait only on the timer (a delay, a retry's pause): a person
 * answers a step by its id, which a map's runs share; an event and a child answer the main line.
 */
const WAITING_STEPS: ReadonlySet<unknown> = new Set([
  'user_action',
  'approval',
  'wait_for_event',
  'call',
]);

const readList = (
  value: unknown,
  path: string,
  faults: Faults,
  reading: Reading,
  place: Place,
): Step[] | undefined => {
  if (!Array.isArray(value)) {
    faults.push({ path, message: 'must be a list of steps' });
    return undefined;
  }
  // The top list's size is judged with the definition's count of steps, by readSteps.
  if (value.length === 0 && place.depth > 0)
    faults.push({ path, message: 'must hold at least one step' });
  const ids = idsOfList(value);
  const nested: NestedLists = (list, listPath) => {
    if (place.depth >= MAX_NESTING) {
      faults.push({
        path: listPath,
        message: `nests parallel and map steps more than ${MAX_NESTING} deep`,
      });
      return undefined;
    }
    return readList(list, listPath, faults, reading, { depth: place.depth + 1 });
  };
  const steps = value.map((step: unknown, i) => {
    const at = pathOf(path, i);
    reading.count++;
    checkUnique(step, at, reading, faults);
    if (place.depth > 0 && isJsonObject(step) && WAITING_STEPS.has(step.type))
      faults.push({
        path: pathOf(at, 'type'),
        message: 'cannot be in a branch or a map: their steps wait only on the timer',
      });
    return readStep(step, at, ids, faults, nested);
  });
  return steps.every((step) => step !== undefined) ? steps : undefined;
};

/**
 * A definition's steps (1 to MAX_STEPS in all, those of branches and maps counted), each read
 * against the ids of its own list so that a `next` may point forward but never out of its branch;
 * ids unique in the whole definition; at most MAX_NESTING levels of branches.
 */
export const readSteps = (value: unknown, path: string, faults: Faults): Step[] | undefined => {
  const reading: Reading = { ids: new Map(), count: 0 };
  const steps = readList(value, path, faults, reading, { depth: 0 });
  if (Array.isArray(value) && (value.length === 0 || reading.count > MAX_STEPS))
    faults.push({ path, message: `must hold 1 to ${MAX_STEPS} steps` });
  return steps;
};
