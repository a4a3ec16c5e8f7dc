import type { RefObject } from 'preact';
import { useId, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { Button } from '../../../shared/components';
import type { Instance, Step } from '../processApi';
import { FlowNodeShape } from './FlowNodeShape';
import { GraphLegend } from './GraphLegend';
import type { FlowLayout, PlacedEdge } from './layoutFlow';
import { layoutFlow } from './layoutFlow';
import { END, START, stepFlow } from './stepFlow';
import type { StepState } from './stepStates';
import { STATE_LABEL, STATES, stepStates, travelled } from './stepStates';
import './stepGraph.css';

const EdgeLine = ({
  edge,
  arrow,
  walked,
}: {
  edge: PlacedEdge;
  arrow: string;
  walked: boolean;
}) => (
  <path
    class={`flow-edge flow-edge-${edge.kind}${walked ? ' flow-edge-travelled' : ''}`}
    d={edge.path}
    marker-end={`url(#${arrow}${walked ? '-travelled' : ''})`}
  />
);

const EdgeLabel = ({ edge }: { edge: PlacedEdge }) =>
  edge.labelBox ? (
    <g class={`flow-edge-label flow-edge-label-${edge.kind}`}>
      <title>{edge.label}</title>
      <rect {...edge.labelBox} rx="4" />
      <text x={edge.labelBox.x + edge.labelBox.width / 2} y={edge.labelBox.y + 14}>
        {edge.labelText}
      </text>
    </g>
  ) : null;

const Arrowhead = ({ id, walked }: { id: string; walked: boolean }) => (
  <marker
    id={id}
    viewBox="0 0 10 10"
    refX="9"
    refY="5"
    markerWidth="6"
    markerHeight="6"
    orient="auto-start-reverse"
  >
    <path
      d="M0 0 L10 5 L0 10 z"
      class={walked ? 'flow-arrow flow-arrow-travelled' : 'flow-arrow'}
    />
  </marker>
);

type Drawn = { layout: FlowLayout; states?: Map<string, StepState>; instance?: Instance };

/** The SVG itself: edges, then their labels above them, then the nodes above both. */
const FlowDrawing = ({ layout, states, instance, title }: Drawn & { title: string }) => {
  const uid = useId();
  const arrow = `${uid}-arrow`;
  const walked = (edge: PlacedEdge) =>
    Boolean(states && instance && travelled(edge, states, instance));
  const reached = (id: string) =>
    Boolean(
      instance &&
      (id === START ||
        (id === END && instance.status === 'completed') ||
        states?.get(id) === 'completed'),
    );
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
        <Arrowhead id={arrow} walked={false} />
        <Arrowhead id={`${arrow}-travelled`} walked />
      </defs>
      {layout.edges.map((edge) => (
        <EdgeLine key={edge.id} edge={edge} arrow={arrow} walked={walked(edge)} />
      ))}
      {layout.edges.map((edge) => (
        <EdgeLabel key={edge.id} edge={edge} />
      ))}
      {layout.nodes.map((node) => (
        <FlowNodeShape
          key={node.id}
          node={node}
          state={states?.get(node.id)}
          reached={reached(node.id)}
        />
      ))}
    </svg>
  );
};

/** The graph's text alternative: each step with its state, as a screen reader hears the image. */
const describe = (steps: Step[], states: Map<string, StepState> | undefined): string =>
  steps
    .map((step) => {
      const state = states?.get(step.id);
      return state
        ? `${step.id} (${step.type}): ${STATE_LABEL[state]}`
        : `${step.id} (${step.type})`;
    })
    .join('; ');

/** Below this scale, text on a fitted graph is too small to read: it scrolls at its real size. */
const SMALLEST_READABLE_SCALE = 0.6;

/** The width the canvas offers, followed as the window changes. */
const useWidth = (element: RefObject<HTMLElement | null>): number | undefined => {
  const [width, setWidth] = useState<number>();
  useLayoutEffect(() => {
    const observed = element.current;
    if (!observed) return;
    const measure = () => setWidth(observed.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(observed);
    return () => observer.disconnect();
  }, [element]);
  return width;
};

/**
 * A definition's steps as a graph laid out by dagre; given an instance, each step shows its state
 * by colour and by icon and word. A graph wider than its card shrinks to fit while it stays
 * readable, and otherwise scrolls at its real size; the reader can switch between the two.
 */
export const StepGraph = ({ steps, instance }: { steps: Step[]; instance?: Instance }) => {
  const canvas = useRef<HTMLDivElement>(null);
  const available = useWidth(canvas);
  const [chosen, setChosen] = useState<'fitted' | 'actual'>();
  const withStates = instance !== undefined;
  const layout = useMemo(() => layoutFlow(stepFlow(steps), withStates), [steps, withStates]);
  const states = useMemo(() => instance && stepStates(steps, instance), [steps, instance]);
  const tooWide = available !== undefined && layout.width > available;
  const readableFitted = !tooWide || available / layout.width >= SMALLEST_READABLE_SCALE;
  const fitted = (chosen ?? (readableFitted ? 'fitted' : 'actual')) === 'fitted';
  const shown = STATES.filter(
    (state) => state !== 'hidden' || steps.some((step) => step.visible === false),
  );
  return (
    <section class="card step-graph" aria-labelledby="step-graph-heading">
      <div class="step-graph-header">
        <h2 id="step-graph-heading">Step graph</h2>
        {tooWide && (
          <Button
            size="small"
            variant="ghost"
            aria-pressed={!fitted}
            onClick={() => setChosen(fitted ? 'actual' : 'fitted')}
          >
            {fitted ? 'Actual size' : 'Fit to card'}
          </Button>
        )}
      </div>
      <div
        ref={canvas}
        class={`step-graph-canvas${fitted ? ' step-graph-fitted' : ''}`}
        tabIndex={0}
        role="region"
        aria-label="Step graph, scrollable"
      >
        <FlowDrawing
          layout={layout}
          title={`Steps: ${describe(steps, states)}`}
          {...(states && instance && { states, instance })}
        />
      </div>
      {instance && <GraphLegend states={shown} />}
    </section>
  );
};
