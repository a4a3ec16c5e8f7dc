import type { StepState } from './stepStates';

/** The mark inside each state's circle, in a 14 × 14 box: a state reads without its colour. */
const MARK: Record<StepState, string> = {
  completed: 'M4 7.3 L6.1 9.4 L10 5.2',
  running: 'M5.6 4.4 L9.8 7 L5.6 9.6 Z',
  waiting: 'M7 3.9 V7 L9.2 8.4',
  failed: 'M4.9 4.9 L9.1 9.1 M9.1 4.9 L4.9 9.1',
  skipped: 'M4 7 H9.6 M7.6 5 L9.6 7 L7.6 9',
  cancelled: 'M4.6 9.4 L9.4 4.6',
  stopped: 'M5 5 H9 V9 H5 Z',
  not_reached: '',
};

/** Filled for what has ended, outlined for what has not. */
const FILLED: ReadonlySet<StepState> = new Set(['completed', 'failed']);

/** A state's icon, drawn at (x, y); its colour comes from the state's class. */
export const StateIcon = ({
  state,
  x = 0,
  y = 0,
}: {
  state: StepState;
  x?: number;
  y?: number;
}) => (
  <g class={`state-icon state-${state}`} transform={`translate(${x} ${y})`} aria-hidden="true">
    <circle
      cx="7"
      cy="7"
      r="6.25"
      class={FILLED.has(state) ? 'state-icon-disc' : 'state-icon-ring'}
    />
    {MARK[state] && (
      <path
        d={MARK[state]}
        class={FILLED.has(state) ? 'state-icon-mark-on-disc' : 'state-icon-mark'}
      />
    )}
  </g>
);
