#!/usr/bin/env node
// `npm run lint` (the last step): fails on an export of src/ or sw/ that nothing imports. Every
// module of the repository counts as a reader (src, sw, tests, scripts, the root configs), so an
// export a test alone uses stays. Re-exports are followed (`export { a } from`, `export * from`):
// an index.ts that hands on what nobody takes is reported too. A namespace import, a dynamic
// import() of a literal path and `typeof import('./x')` count as using all of that module.
// TypeScript's parser only (no type check): a few seconds for the whole tree.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { root, sourceFiles, resolveImport } from './no-cycles.mjs';

const READERS = ['src', 'sw', 'tests', 'scripts'];
const ROOT_FILES = [
  'vite.config.ts',
  'vitest.config.ts',
  'playwright.config.ts',
  'lingui.config.ts',
  'drizzle.config.ts',
];
const CHECKED = ['src', 'sw'];

/** file -> { exports: Map<name, {from?: file, name?: string}>, stars: file[], uses: [file, name][] } */
function readModule(file) {
  const text = readFileSync(file, 'utf8');
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const exports = new Map();
  const stars = [];
  const uses = [];
  const target = (spec) => (ts.isStringLiteral(spec) ? resolveImport(file, spec.text) : undefined);
  const exported = (node) => ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Export;
  const isDefault = (node) => ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Default;
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st)) {
      const to = target(st.moduleSpecifier);
      const clause = st.importClause;
      if (!to || !clause) continue;
      if (clause.name) uses.push([to, 'default']);
      const nb = clause.namedBindings;
      if (nb && ts.isNamespaceImport(nb)) uses.push([to, '*']);
      else if (nb) for (const el of nb.elements) uses.push([to, (el.propertyName ?? el.name).text]);
    } else if (ts.isExportDeclaration(st)) {
      const to = st.moduleSpecifier ? target(st.moduleSpecifier) : undefined;
      if (st.moduleSpecifier && !to) continue;
      const clause = st.exportClause;
      if (!clause) stars.push(to);
      else if (ts.isNamespaceExport(clause)) exports.set(clause.name.text, { from: to, name: '*' });
      else
        for (const el of clause.elements) {
          const local = (el.propertyName ?? el.name).text;
          exports.set(el.name.text, to ? { from: to, name: local } : {});
        }
    } else if (ts.isExportAssignment(st)) exports.set('default', {});
    else if (exported(st)) {
      if (isDefault(st)) exports.set('default', {});
      else if (ts.isVariableStatement(st))
        for (const d of st.declarationList.declarations) {
          if (ts.isIdentifier(d.name)) exports.set(d.name.text, {});
          else
            for (const el of d.name.elements)
              if (ts.isBindingElement(el) && ts.isIdentifier(el.name)) exports.set(el.name.text, {});
        }
      else if (st.name && ts.isIdentifier(st.name))
        exports.set(st.name.text, ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st) ? { type: true } : {});
    }
  }
  // import('./x'), typeof import('./x'), vi.mock('./x', ...) and the like anywhere in the file.
  const visit = (node) => {
    if (ts.isCallExpression(node) && node.arguments.length && ts.isStringLiteral(node.arguments[0])) {
      const callee = node.expression;
      const name =
        callee.kind === ts.SyntaxKind.ImportKeyword
          ? 'import'
          : ts.isPropertyAccessExpression(callee)
            ? callee.name.text
            : '';
      if (['import', 'mock', 'doMock', 'importActual', 'importMock'].includes(name)) {
        const to = target(node.arguments[0]);
        if (to) uses.push([to, '*']);
      }
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      const to = target(node.argument.literal);
      if (to) uses.push([to, node.qualifier && ts.isIdentifier(node.qualifier) ? node.qualifier.text : '*']);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { exports, stars, uses };
}

export function deadExports() {
  const files = [...READERS.flatMap((d) => sourceFiles(d)), ...ROOT_FILES.map((f) => join(root, f))];
  const modules = new Map(files.map((f) => [f, readModule(f)]));
  const used = new Set();
  // drizzle-kit reads every table this module exports (drizzle.config.ts).
  modules.get(join(root, 'src/server/db/schema.ts'))?.uses.push([join(root, 'src/server/db/schema.ts'), '*']);
  const mark = (file, name, seen = new Set()) => {
    const key = `${file}#${name}`;
    if (seen.has(key)) return;
    seen.add(key);
    const m = modules.get(file);
    if (!m) return;
    if (name === '*') {
      for (const n of m.exports.keys()) mark(file, n, seen);
      for (const s of m.stars) mark(s, '*', seen);
      return;
    }
    const e = m.exports.get(name);
    if (e) {
      used.add(key);
      if (e.from) mark(e.from, e.name, seen);
      return;
    }
    for (const s of m.stars) mark(s, name, seen);
  };
  for (const m of modules.values()) for (const [file, name] of m.uses) mark(file, name);
  const dead = [];
  for (const [file, m] of modules) {
    const rel = relative(root, file);
    // Generated lists answer their generator (scripts/entities.mjs, the router's plugin).
    if (!CHECKED.some((d) => rel.startsWith(`${d}/`)) || rel.endsWith('.gen.ts')) continue;
    for (const [name, e] of m.exports)
      if (!used.has(`${file}#${name}`))
        dead.push(`${rel}: ${name}${e.type ? ' (type)' : e.from ? ' (re-export)' : ''}`);
  }
  return dead;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dead = deadExports();
  for (const d of dead) console.error(`export nothing imports: ${d}`);
  if (dead.length) {
    console.error(
      `${dead.length} exports nothing imports: remove them, or drop the \`export\` where the file uses the name itself`,
    );
    process.exit(1);
  }
  console.log('no dead exports');
}
