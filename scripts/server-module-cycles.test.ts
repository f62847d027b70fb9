// The server's parts import each other one way: no cycle among modules/<domain>, platform, db, seed and the top-level
// files (a file-level cycle is the lint's import/no-cycle; this is the same rule one level up, where dna ⇄ pets and
// dna ⇄ wasteresults once were). Test files are left out: nothing imports them, and an API test may drive any module.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const serverSrc = path.join(root, 'apps/server/src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The part a file belongs to: modules/<domain>, a first-level folder (platform, db, seed), or a top-level file. */
function partOf(file: string): string {
  const [first, second] = path.relative(serverSrc, file).split(path.sep);
  return first === 'modules' ? `modules/${second}` : first!;
}

const importPattern = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](\.[^'"]+)['"]/g;

/** Every relative import (static, type-only, re-export, dynamic) of every file, as edges between parts. */
function partGraph(files: string[]) {
  const edges = new Map<string, Map<string, string>>();
  for (const file of files) {
    const from = partOf(file);
    for (const match of fs.readFileSync(file, 'utf8').matchAll(importPattern)) {
      const target = path.resolve(path.dirname(file), match[1]!);
      if (!target.startsWith(serverSrc + path.sep)) continue;
      const to = partOf(target);
      if (to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      edges.get(from)!.set(to, `${path.relative(serverSrc, file)} → ${match[1]}`);
    }
  }
  return edges;
}

/** The cycles of a graph, one per strongly connected part with more than one member, each as the imports that close it. */
function cyclesOf(edges: Map<string, Map<string, string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const members: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      members.push(member);
      if (member === node) break;
    }
    if (members.length > 1)
      cycles.push(
        members.flatMap((a) =>
          members.filter((b) => edges.get(a)?.has(b)).map((b) => `${a} → ${b} (${edges.get(a)!.get(b)})`),
        ),
      );
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

test('finds a cycle between two parts, and none in a one-way graph', () => {
  const graph = (pairs: [string, string][]) => {
    const edges = new Map<string, Map<string, string>>();
    for (const [a, b] of pairs) edges.set(a, (edges.get(a) ?? new Map()).set(b, `${a}.ts`));
    return edges;
  };
  expect(
    cyclesOf(
      graph([
        ['modules/dna', 'modules/pets'],
        ['modules/pets', 'modules/dna'],
      ]),
    ),
  ).toHaveLength(1);
  expect(
    cyclesOf(
      graph([
        ['modules/pets', 'modules/parentage'],
        ['modules/parentage', 'modules/dna'],
        ['modules/dna', 'modules/pets'],
      ]),
    ),
  ).toHaveLength(1);
  expect(
    cyclesOf(
      graph([
        ['modules/dna', 'modules/pets'],
        ['modules/pets', 'platform'],
        ['modules/dna', 'platform'],
      ]),
    ),
  ).toEqual([]);
});

test('the parts of apps/server/src import each other without a cycle', () => {
  const files = sourceFiles(serverSrc);
  expect(files.length).toBeGreaterThan(100);
  const edges = partGraph(files);
  // The graph is really read: the lab (dna) reads the pets' sample store, and every module reads platform.
  expect(edges.get('modules/dna')?.has('modules/pets')).toBe(true);
  expect(edges.get('modules/pets')?.has('platform')).toBe(true);
  expect(cyclesOf(edges)).toEqual([]);
});
