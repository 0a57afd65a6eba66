/**
 * What keeps memory after every table closed: `npx tsx loadtest/heapRetainers.ts IDLE CLOSED [top]`
 * reads two heap snapshots of one server process (`npm run bench -- memory --snapshots DIR`
 * writes idle.heapsnapshot and closed.heapsnapshot), lists the constructors or kinds with the most
 * objects that are in the second and not in the first (V8 keeps an object's id across snapshots of
 * one process), and for the largest groups prints the shortest path from the GC roots to a few of
 * them: the map, cache or listener that holds them. `--owner REGEX [--depth 2]` instead sums the new
 * objects' bytes by the last node on their path whose name matches (e.g. `GameRoom`) and the edges
 * after it: what a table's memory is made of.
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

/**
 * The new objects' bytes by where they hang below an owner: for each, the last node on its path
 * whose name matches `owner` (e.g. a room class), and the next `depth` edge names after it.
 */
function byOwner(g: Graph, fresh: number[], owner: RegExp, depth: number, top: number): void {
  const sums = new Map<string, { bytes: number; count: number }>();
  for (const i of fresh) {
    const path: number[] = [];
    for (let at = i; at > 0 && path.length < 60; at = g.parent[at]) path.push(at);
    path.reverse();
    let from = -1;
    for (let k = 0; k < path.length; k++) if (owner.test(g.name(path[k]))) from = k;
    const key = from < 0 ? '(no owner)' : [g.name(path[from]), ...path.slice(from + 1, from + 1 + depth).map((n) => `.${g.via[n]}`)].join('');
    const sum = sums.get(key) ?? { bytes: 0, count: 0 };
    sum.bytes += g.size(i);
    sum.count++;
    sums.set(key, sum);
  }
  for (const [key, sum] of [...sums].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, top)) console.log(`${String(Math.round(sum.bytes / 1024)).padStart(7)} KiB ${String(sum.count).padStart(8)}  ${key}`);
}

function main(): void {
  const args = process.argv.slice(2);
  const ownerAt = args.indexOf('--owner');
  const owner = ownerAt >= 0 ? new RegExp(args.splice(ownerAt, 2)[1]) : null;
  const depthAt = args.indexOf('--depth');
  const depth = depthAt >= 0 ? Number(args.splice(depthAt, 2)[1]) : 2;
  const [idlePath, closedPath, topArg] = args;
  if (!idlePath || !closedPath) throw new Error('usage: heapRetainers.ts IDLE.heapsnapshot LATER.heapsnapshot [top] [--owner REGEX [--depth 2]]');
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
  if (owner) return byOwner(closed, [...groups.values()].flat(), owner, depth, top);
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
