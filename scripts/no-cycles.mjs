#!/usr/bin/env node
// `npm run lint:cycles`: fails when modules under src/ or sw/ import each other in a cycle (a
// cycle makes module order decide which side sees undefined at load time). TypeScript's own
// pre-processor lists each file's imports; relative ones are resolved like the bundler does and
// the strongly connected components of the graph are the cycles. No plugin: the resolver the
// ESLint plugins need ships platform binaries our registry does not carry.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const EXTS = ['.ts', '.tsx', '.js', '.mjs'];

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return EXTS.some((e) => name.endsWith(e)) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

export function resolveImport(from, spec) {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, ...EXTS.map((e) => base + e), ...EXTS.map((e) => join(base, `index${e}`))]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** The modules under a folder of the repository (absolute paths). */
export const sourceFiles = (dir) => files(join(root, dir));

export function importGraph(dirs) {
  const graph = new Map();
  for (const file of dirs.flatMap((d) => files(join(root, d)))) {
    // Every import counts, type-only and dynamic import() too: a circle of types still ties the
    // modules' meaning together, and a lazy import that closes a circle only hides it.
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const deps = info.importedFiles.map((f) => resolveImport(file, f.fileName)).filter(Boolean);
    graph.set(file, deps);
  }
  return graph;
}

/** Tarjan's strongly connected components with more than one member (or a self-import). */
export function cycles(graph) {
  let index = 0;
  const stack = [];
  const meta = new Map();
  const found = [];
  const visit = (v) => {
    meta.set(v, { index, low: index, on: true });
    index++;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!meta.has(w)) {
        visit(w);
        meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).low);
      } else if (meta.get(w).on) meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).index);
    }
    if (meta.get(v).low === meta.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        meta.get(w).on = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component);
    }
  };
  for (const v of graph.keys()) if (!meta.has(v)) visit(v);
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = cycles(importGraph(['src', 'sw']));
  for (const c of found) console.error(`import cycle: ${c.map((f) => relative(root, f)).join(' <-> ')}`);
  if (found.length) process.exit(1);
  console.log('no import cycles');
}
