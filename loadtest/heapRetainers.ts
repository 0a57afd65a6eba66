/**
 * What keeps memory after every table closed: `npx tsx loadtest/heapRetainers.ts IDLE CLOSED [top]`
 * reads two heap snapshots of one server process (`npm run bench -- memory --snapshots DIR`
 * writes idle.heapsnapshot and closed.heapsnapshot), lists the constructors or kinds with the most
 * objects that are in the second and not in the first (V8 keeps an object's id across snapshots of
 * one process), and for the largest groups prints the shortest path from the GC roots to a few of
 * them: the map, cache or listener that holds them.
 */
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

interface Graph {
  count: number;
  name(i: number): string;
  id(i: number): number;
  size(i: number): number;
  type(i: number): string;
  /** Shortest-path parent from the roots (-1 for the root or an unreachable node) and the edge's name. */
  parent: Int32Array;
  via: string[];
}

function load(path: string): Graph {
  const s = JSON.parse(readFileSync(path, 'utf8')) as Snapshot;
  const nf = s.snapshot.meta.node_fields;
  const ef = s.snapshot.meta.edge_fields;
  const nodeTypes = s.snapshot.meta.node_types[0];
  const edgeTypes = s.snapshot.meta.edge_types[0];
  const [nType, nName, nId, nSize, nEdges] = ['type', 'name', 'id', 'self_size', 'edge_count'].map((f) => nf.indexOf(f));
  const [eType, eName, eTo] = ['type', 'name_or_index', 'to_node'].map((f) => ef.indexOf(f));
  const count = s.nodes.length / nf.length;
  const firstEdge = new Int32Array(count + 1);
  for (let i = 0; i < count; i++) firstEdge[i + 1] = firstEdge[i] + s.nodes[i * nf.length + nEdges] * ef.length;
  const parent = new Int32Array(count).fill(-1);
  const via: string[] = new Array(count);
  const seen = new Uint8Array(count);
  const queue = [0];
  seen[0] = 1;
  for (let q = 0; q < queue.length; q++) {
    const from = queue[q];
    for (let e = firstEdge[from]; e < firstEdge[from + 1]; e += ef.length) {
      const kind = edgeTypes[s.edges[e + eType]];
      if (kind === 'weak' || kind === 'shortcut') continue;
      const to = s.edges[e + eTo] / nf.length;
      if (seen[to]) continue;
      seen[to] = 1;
      parent[to] = from;
      const n = s.edges[e + eName];
      // Positions in arrays and tables read as [], so paths through the same holder group together.
      via[to] = kind === 'element' || kind === 'hidden' || /^\d+$/.test(s.strings[n] ?? '') ? '[]' : s.strings[n];
      queue.push(to);
    }
  }
  const type = (i: number) => nodeTypes[s.nodes[i * nf.length + nType]];
  return {
    count, parent, via, type,
    name: (i) => (type(i) === 'object' || type(i) === 'native' ? s.strings[s.nodes[i * nf.length + nName]] : `(${type(i)})`),
    id: (i) => s.nodes[i * nf.length + nId],
    size: (i) => s.nodes[i * nf.length + nSize],
  };
}

/** The shortest path from the roots to node `i`: each step "edge name → what it leads to". */
function pathOf(g: Graph, i: number): string {
  const steps: string[] = [];
  for (let at = i; at > 0 && steps.length < 40; at = g.parent[at]) steps.push(`.${g.via[at]} ${g.name(at)}`);
  return steps.reverse().join(' → ');
}

function main(): void {
  const [idlePath, closedPath, topArg] = process.argv.slice(2);
  if (!idlePath || !closedPath) throw new Error('usage: heapRetainers.ts IDLE.heapsnapshot CLOSED.heapsnapshot [top]');
  const top = Number(topArg ?? 12);
  const idle = load(idlePath);
  const before = new Set<number>();
  for (let i = 0; i < idle.count; i++) before.add(idle.id(i));
  const closed = load(closedPath);
  const groups = new Map<string, number[]>();
  for (let i = 1; i < closed.count; i++) {
    if (before.has(closed.id(i)) || closed.parent[i] < 0) continue;
    const key = closed.name(i);
    const list = groups.get(key) ?? [];
    list.push(i);
    groups.set(key, list);
  }
  const bytes = (list: number[]) => list.reduce((n, i) => n + closed.size(i), 0);
  const ranked = [...groups].sort((a, b) => bytes(b[1]) - bytes(a[1])).slice(0, top);
  for (const [name, list] of ranked) {
    console.log(`\n${name}: ${list.length} new objects, ${Math.round(bytes(list) / 1024)} KiB`);
    // The paths of a few, spread over the group: different holders show as different paths.
    const paths = new Map<string, number>();
    for (let k = 0; k < list.length; k += Math.max(1, Math.floor(list.length / 50))) {
      const p = pathOf(closed, list[k]);
      paths.set(p, (paths.get(p) ?? 0) + 1);
    }
    for (const [p, n] of [...paths].sort((a, b) => b[1] - a[1]).slice(0, 3)) console.log(`  ${n}× ${p}`);
  }
}

main();
