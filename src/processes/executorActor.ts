/** The actor the executor's own appends are recorded as. */
export const EXECUTOR_ACTOR = 'sluice:executor';
