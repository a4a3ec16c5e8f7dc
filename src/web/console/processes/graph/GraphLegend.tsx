import { StateIcon } from './StateIcon';
import type { StepState } from './stepStates';
import { STATE_LABEL, STATE_MEANING } from './stepStates';

/** What each colour and icon of the graph means. */
export const GraphLegend = ({ states }: { states: StepState[] }) => (
  <ul class="graph-legend" aria-label="Legend of step states">
    {states.map((state) => (
      <li key={state} title={STATE_MEANING[state]}>
        <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
          <StateIcon state={state} />
        </svg>
        <span>{STATE_LABEL[state]}</span>
      </li>
    ))}
  </ul>
);
