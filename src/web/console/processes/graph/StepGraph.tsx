import type { RefObject } from 'preact';
import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { Button } from '../../../shared/components';
import type { Step } from '../processApi';
import type { DrawnRun } from './FlowDrawing';
import { FlowDrawing } from './FlowDrawing';
import { GraphLegend } from './GraphLegend';
import { layoutFlow } from './layoutFlow';
import { hasFoldedRuns, laneSignature, mapRunsOf } from './mapRuns';
import type { RunTrace } from './runTrace';
import type { StepFlow } from './stepFlow';
import { END, START, stepFlow } from './stepFlow';
import { choiceWent, edgeUses, flowStates, STATE_LABEL, STATES } from './stepStates';
import './stepGraph.css';

/** The words after a completed choice's state: where it went (`→ pack`, `→ end`). */
const wayOf = (went: Set<string | null>): string | undefined => {
  if (went.size === 0) return undefined;
  if (went.size > 1) return `→ ${went.size} ways`;
  const [to] = [...went];
  return `→ ${to ?? 'end'}`;
};

/** Each node's state on the instance, what a choice did, and how the run used each edge. */
const drawnRun = (flow: StepFlow, trace: RunTrace): DrawnRun => {
  const { instance } = trace;
  const states = flowStates(flow, trace);
  const details = new Map<string, string>();
  for (const node of flow.nodes) {
    if (node.kind !== 'step' || node.step.type !== 'choice') continue;
    const way = states.get(node.id) === 'completed' && wayOf(choiceWent(node, trace));
    if (way) details.set(node.id, way);
  }
  return {
    states,
    details,
    uses: edgeUses(flow, states, trace),
    reached: (id) =>
      id === START ||
      (id === END && instance.status === 'completed') ||
      states.get(id) === 'completed',
  };
};

/** The graph's text alternative: each step with its state, as a screen reader hears the image. */
const describe = (flow: StepFlow, run: DrawnRun | undefined): string =>
  flow.nodes
    .flatMap((node) => {
      if (node.kind !== 'step') return [];
      const where = node.scope ? ` in ${node.scope}` : '';
      const state = run?.states.get(node.id);
      const detail = run?.details.get(node.id);
      return [
        `${node.step.id}${where} (${node.step.type})${state ? `: ${STATE_LABEL[state]}${detail ? ` ${detail}` : ''}` : ''}`,
      ];
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
 * A definition's steps as a graph laid out by dagre, the lanes of each fork left to right; given
 * what an instance did (`trace`), each step shows its state by colour and by icon and word, the
 * way the run went is drawn strong and the branches it did not take faint, and a map's runs are
 * drawn as lanes of their own (a few at once, more when asked). A graph wider than its card
 * shrinks to fit while it stays readable, and otherwise scrolls at its real size; the reader can
 * switch between the two.
 */
export const StepGraph = ({ steps, trace }: { steps: Step[]; trace?: RunTrace }) => {
  const canvas = useRef<HTMLDivElement>(null);
  const available = useWidth(canvas);
  const [chosen, setChosen] = useState<'fitted' | 'actual'>();
  const [everyRun, setEveryRun] = useState(false);
  const lanes = trace ? laneSignature(trace) : '';
  // The flow changes with the lanes the instance ran, not with each read of it.
  const flow = useMemo(
    () => stepFlow(steps, trace && mapRunsOf(trace, everyRun)),
    [steps, lanes, everyRun],
  );
  const withStates = trace !== undefined;
  const layout = useMemo(() => layoutFlow(flow, withStates), [flow, withStates]);
  const run = useMemo(() => trace && drawnRun(flow, trace), [flow, trace]);
  const tooWide = available !== undefined && layout.width > available;
  const readableFitted = !tooWide || available / layout.width >= SMALLEST_READABLE_SCALE;
  const fitted = (chosen ?? (readableFitted ? 'fitted' : 'actual')) === 'fitted';
  return (
    <section class="card step-graph" aria-labelledby="step-graph-heading">
      <div class="step-graph-header">
        <h2 id="step-graph-heading">Step graph</h2>
        <div class="step-graph-tools">
          {trace && hasFoldedRuns(trace) && (
            <Button
              size="small"
              variant="ghost"
              aria-pressed={everyRun}
              onClick={() => setEveryRun(!everyRun)}
            >
              Draw each map run
            </Button>
          )}
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
      </div>
      <div
        ref={canvas}
        class={`step-graph-canvas${fitted ? ' step-graph-fitted' : ''}`}
        tabIndex={0}
        role="region"
        aria-label="Step graph, scrollable"
      >
        <FlowDrawing layout={layout} run={run} title={`Steps: ${describe(flow, run)}`} />
      </div>
      {trace && <GraphLegend states={STATES} />}
    </section>
  );
};
