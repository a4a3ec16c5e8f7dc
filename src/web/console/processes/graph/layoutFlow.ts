import { Graph, layout } from '@dagrejs/dagre';
import { putLanesInOrder } from './laneOrder';
import type { FlowEdge, FlowNode, LaneSeat, StepFlow } from './stepFlow';

export type Box = { x: number; y: number; width: number; height: number };
export type PlacedNode = FlowNode & Box;
export type PlacedEdge = FlowEdge & { path: string; labelBox?: Box; labelText?: string };
export type FlowLayout = {
  width: number;
  height: number;
  nodes: PlacedNode[];
  edges: PlacedEdge[];
};

export const STEP_SIZE = { width: 208, height: 74 };
export const PLAIN_STEP_SIZE = { width: 208, height: 60 };
export const TERMINAL_SIZE = { width: 72, height: 30 };

/** A branch condition is shown whole in its label's tooltip; on the edge, up to this many letters. */
const LABEL_CHARS = 30;
const LABEL_CHAR_WIDTH = 6.6;
const LABEL_HEIGHT = 20;

const shortened = (text: string): string =>
  text.length > LABEL_CHARS ? `${text.slice(0, LABEL_CHARS - 1)}…` : text;

type Point = { x: number; y: number };

/** A line through dagre's points, rounded at each bend so edges read as one stroke. */
export const curveThrough = (points: Point[]): string => {
  const [first, ...rest] = points;
  if (!first) return '';
  const last = rest.pop();
  const bends = rest.map((p, i) => {
    const after = rest[i + 1] ?? last ?? p;
    return `Q ${p.x} ${p.y} ${(p.x + after.x) / 2} ${(p.y + after.y) / 2}`;
  });
  return [`M ${first.x} ${first.y}`, ...bends, last ? `L ${last.x} ${last.y}` : ''].join(' ');
};

type EdgeLabel = { label?: string; width?: number; height?: number; points?: Point[] } & Record<
  string,
  unknown
>;

/**
 * Places the nodes top to bottom and routes the edges with dagre (its layered layout handles the
 * loops a `next` back to an earlier step makes), each fork's lanes left to right in index order;
 * the drawing only reads the coordinates.
 */
export const layoutFlow = (flow: StepFlow, withStates: boolean): FlowLayout => {
  const graph = new Graph<Record<string, unknown>, Box, EdgeLabel>({ multigraph: true });
  graph.setGraph({
    rankdir: 'TB',
    nodesep: 36,
    ranksep: 44,
    edgesep: 18,
    marginx: 12,
    marginy: 12,
  });
  graph.setDefaultEdgeLabel(() => ({}));
  const stepSize = withStates ? STEP_SIZE : PLAIN_STEP_SIZE;
  for (const node of flow.nodes)
    graph.setNode(node.id, { ...(node.kind === 'step' ? stepSize : TERMINAL_SIZE), x: 0, y: 0 });
  for (const edge of flow.edges) {
    const text = edge.label && shortened(edge.label);
    const label: EdgeLabel = text
      ? { label: text, width: text.length * LABEL_CHAR_WIDTH + 14, height: LABEL_HEIGHT }
      : {};
    graph.setEdge(edge.from, edge.to, { ...label, labelpos: 'c' }, edge.id);
  }
  const seats = new Map<string, LaneSeat[]>(
    flow.nodes.filter((node) => node.within.length > 0).map((node) => [node.id, node.within]),
  );
  layout(graph, {
    customOrder: (ordered, order) => {
      order(ordered);
      putLanesInOrder(ordered, seats);
    },
  });

  const nodes = flow.nodes.map((node): PlacedNode => {
    const { x, y, width, height } = graph.node(node.id);
    return { ...node, x: x - width / 2, y: y - height / 2, width, height };
  });
  const edges = flow.edges.map((edge): PlacedEdge => {
    const placed = graph.edge(edge.from, edge.to, edge.id);
    const { x, y, width, height, label } = placed as EdgeLabel & Partial<Point>;
    const labelBox =
      label && x !== undefined && y !== undefined && width && height
        ? { x: x - width / 2, y: y - height / 2, width, height }
        : undefined;
    return {
      ...edge,
      path: curveThrough(placed.points ?? []),
      ...(labelBox && { labelBox, labelText: label }),
    };
  });
  const { width = 0, height = 0 } = graph.graph() as { width?: number; height?: number };
  return { width: Math.ceil(width), height: Math.ceil(height), nodes, edges };
};
