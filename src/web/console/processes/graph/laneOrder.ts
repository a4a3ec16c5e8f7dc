import type { Graph } from '@dagrejs/dagre';
import type { LaneSeat } from './stepFlow';

type Ordered = { rank?: number; order?: number; edgeObj?: { v: string; w: string } };

/**
 * Where a node of dagre's graph is drawn: one of ours says; a point dagre adds on a long edge or
 * for an edge's label is in the lane of the edge's end that is deepest in lanes (an edge into a
 * lane, out of it to its join, or inside it).
 */
const seatsOf = (
  graph: Graph<unknown, Ordered>,
  node: string,
  seats: ReadonlyMap<string, LaneSeat[]>,
): LaneSeat[] => {
  const own = seats.get(node);
  if (own) return own;
  const edge = graph.node(node)?.edgeObj;
  if (!edge) return [];
  const from = seats.get(edge.v) ?? [];
  const to = seats.get(edge.w) ?? [];
  return from.length >= to.length ? from : to;
};

/** Each rank's nodes, left to right. */
const layersOf = (graph: Graph<unknown, Ordered>): string[][] => {
  const layers = new Map<number, string[]>();
  for (const node of graph.nodes()) {
    const { rank, order } = graph.node(node) ?? {};
    if (rank === undefined || order === undefined) continue;
    const layer = layers.get(rank) ?? [];
    layer[order] = node;
    layers.set(rank, layer);
  }
  return [...layers.values()];
};

/**
 * Where a node stands among a fork's lanes: a node in a lane at its index; one beside them that an
 * edge ties to lanes (the fork's join, past a lane that ended early) amid the lanes it is tied
 * to; any other, nowhere (it keeps its place).
 */
const keyIn = (
  graph: Graph<unknown, Ordered>,
  node: string,
  fork: string,
  seats: ReadonlyMap<string, LaneSeat[]>,
): number | undefined => {
  const seatIn = (of: string) => seatsOf(graph, of, seats).find((s) => s.fork === fork);
  const own = seatIn(node);
  if (own) return own.index;
  const tied = [...(graph.predecessors(node) ?? []), ...(graph.successors(node) ?? [])]
    .map((neighbour) => seatIn(neighbour)?.index)
    .filter((index) => index !== undefined);
  return tied.length > 0 ? tied.reduce((sum, index) => sum + index, 0) / tied.length : undefined;
};

/**
 * After dagre has ordered each rank to cross as few edges as it can, puts the lanes of each fork
 * left to right in index order (branch 1 first), rank by rank, among the places their nodes took:
 * a lane keeps its own order as dagre left it. Outer forks go first; a nested fork's lanes then
 * move within their lane.
 */
export const putLanesInOrder = (
  graph: Graph<unknown, Ordered>,
  seats: ReadonlyMap<string, LaneSeat[]>,
): void => {
  const forks = [...new Set([...seats.values()].flatMap((list) => list.map((s) => s.fork)))];
  const layers = layersOf(graph);
  for (const fork of forks)
    for (const layer of layers) {
      const places: number[] = [];
      const members: Array<{ node: string; key: number }> = [];
      layer.forEach((node, place) => {
        const key = keyIn(graph, node, fork, seats);
        if (key === undefined) return;
        places.push(place);
        members.push({ node, key });
      });
      if (!members.some(({ node }) => seatsOf(graph, node, seats).some((s) => s.fork === fork)))
        continue;
      members.sort((a, b) => a.key - b.key);
      members.forEach(({ node }, k) => {
        const place = places[k]!;
        layer[place] = node;
        graph.node(node).order = place;
      });
    }
};
