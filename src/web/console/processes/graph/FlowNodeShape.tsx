import { humanized } from '../labels';
import type { PlacedNode } from './layoutFlow';
import { StateIcon } from './StateIcon';
import type { StepState } from './stepStates';
import { STATE_LABEL } from './stepStates';

/** How many letters of a line fit on a node; longer text ends in an ellipsis (whole in its title). */
const LINE_CHARS = { heading: 30, id: 24, state: 24 };

const fitted = (text: string, chars: number): string =>
  text.length > chars ? `${text.slice(0, chars - 1)}…` : text;

type StepNode = Extract<PlacedNode, { kind: 'step' }>;

/**
 * A step: its type and name, its id, and, on an instance, its state as an icon and a word, with
 * what it did where that is short (the way a choice went). A step drawn once per map run says
 * which run (`data-lane`); a hidden one (not listed on instances) says so.
 */
const StepShape = ({
  node,
  state,
  detail,
}: {
  node: StepNode;
  state: StepState | undefined;
  detail: string | undefined;
}) => {
  const { step, width, height } = node;
  const heading = `${humanized(step.type)}${step.name ? ` · ${step.name}` : ''}${step.visible === false ? ' · hidden' : ''}`;
  const baseline = state ? 20 : 24;
  const stateText = state && `${STATE_LABEL[state]}${detail ? ` ${detail}` : ''}`;
  return (
    <g
      class={`flow-node flow-step state-${state ?? 'plain'}`}
      transform={`translate(${node.x} ${node.y})`}
      data-step={step.id}
      data-lane={node.scope || undefined}
      data-state={state}
    >
      <title>{`${node.id}: ${heading}${stateText ? ` — ${stateText}` : ''}`}</title>
      <rect class="flow-node-box" width={width} height={height} rx="8" />
      <rect class="flow-node-accent" x="0" y="10" width="3" height={height - 20} rx="1.5" />
      <text class="flow-node-heading" x="16" y={baseline}>
        {fitted(heading, LINE_CHARS.heading)}
      </text>
      <text class="flow-node-id" x="16" y={baseline + 20}>
        {fitted(step.id, LINE_CHARS.id)}
      </text>
      {state && (
        <>
          <StateIcon state={state} x={16} y={baseline + 29} />
          <text class="flow-node-state" x="36" y={baseline + 40}>
            {fitted(stateText ?? '', LINE_CHARS.state)}
          </text>
        </>
      )}
    </g>
  );
};

/** One node of the graph: a step, or the run's start or end. */
export const FlowNodeShape = ({
  node,
  state,
  detail,
  reached,
}: {
  node: PlacedNode;
  state: StepState | undefined;
  detail: string | undefined;
  reached: boolean;
}) => {
  if (node.kind === 'step') return <StepShape node={node} state={state} detail={detail} />;
  return (
    <g
      class={`flow-node flow-terminal${reached ? ' flow-terminal-reached' : ''}`}
      transform={`translate(${node.x} ${node.y})`}
    >
      <rect class="flow-node-box" width={node.width} height={node.height} rx={node.height / 2} />
      <text class="flow-terminal-label" x={node.width / 2} y={node.height / 2 + 4.5}>
        {node.label}
      </text>
    </g>
  );
};
