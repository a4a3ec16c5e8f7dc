import { useId } from 'preact/hooks';
import { FlowNodeShape } from './FlowNodeShape';
import type { FlowLayout, PlacedEdge } from './layoutFlow';
import type { EdgeUse, StepState } from './stepStates';

const EdgeLine = ({ edge, arrow, use }: { edge: PlacedEdge; arrow: string; use: EdgeUse }) => (
  <path
    class={`flow-edge flow-edge-${edge.kind} flow-edge-${use}`}
    data-edge={edge.id}
    d={edge.path}
    marker-end={`url(#${arrow}-${use})`}
  />
);

const EdgeLabel = ({ edge, use }: { edge: PlacedEdge; use: EdgeUse }) =>
  edge.labelBox ? (
    <g class={`flow-edge-label flow-edge-label-${edge.kind} flow-edge-label-${use}`}>
      <title>{`${edge.label ?? ''}${use === 'travelled' ? ' (taken)' : use === 'untaken' ? ' (not taken)' : ''}`}</title>
      <rect {...edge.labelBox} rx="4" />
      <text x={edge.labelBox.x + edge.labelBox.width / 2} y={edge.labelBox.y + 14}>
        {edge.labelText}
      </text>
    </g>
  ) : null;

const Arrowhead = ({ id, use }: { id: string; use: EdgeUse }) => (
  <marker
    id={id}
    viewBox="0 0 10 10"
    refX="9"
    refY="5"
    markerWidth="6"
    markerHeight="6"
    orient="auto-start-reverse"
  >
    <path d="M0 0 L10 5 L0 10 z" class={`flow-arrow flow-arrow-${use}`} />
  </marker>
);

const USES: EdgeUse[] = ['unused', 'travelled', 'untaken'];

/** What an instance adds to the drawing: each node's state and words beside it, each edge's use. */
export type DrawnRun = {
  states: Map<string, StepState>;
  details: Map<string, string>;
  uses: Map<string, EdgeUse>;
  reached: (id: string) => boolean;
};

/**
 * The SVG itself: edges, then their labels above them, then the nodes above both. The edges a
 * run took are drawn strong, the branches a choice did not take faint.
 */
export const FlowDrawing = ({
  layout,
  run,
  title,
}: {
  layout: FlowLayout;
  run: DrawnRun | undefined;
  title: string;
}) => {
  const uid = useId();
  const arrow = `${uid}-arrow`;
  const useOf = (edge: PlacedEdge): EdgeUse => run?.uses.get(edge.id) ?? 'unused';
  return (
    <svg
      class="flow-svg"
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      width={layout.width}
      height={layout.height}
      role="img"
      aria-labelledby={`${uid}-title`}
    >
      <title id={`${uid}-title`}>{title}</title>
      <defs>
        {USES.map((use) => (
          <Arrowhead key={use} id={`${arrow}-${use}`} use={use} />
        ))}
      </defs>
      {layout.edges.map((edge) => (
        <EdgeLine key={edge.id} edge={edge} arrow={arrow} use={useOf(edge)} />
      ))}
      {layout.edges.map((edge) => (
        <EdgeLabel key={edge.id} edge={edge} use={useOf(edge)} />
      ))}
      {layout.nodes.map((node) => (
        <FlowNodeShape
          key={node.id}
          node={node}
          state={run?.states.get(node.id)}
          detail={run?.details.get(node.id)}
          reached={Boolean(run?.reached(node.id))}
        />
      ))}
    </svg>
  );
};
