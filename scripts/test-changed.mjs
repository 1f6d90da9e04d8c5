#!/usr/bin/env node
// `npm run test:changed [-- <git ref>]`: the fast loop while working. Vitest runs the test files
// that import, directly or not, a file changed since the ref (its --changed mode; default: the
// uncommitted changes). Playwright runs the specs that changed, every spec when a helper of
// tests/e2e changed, and the specs named after a changed screen folder: src/client/features/<name>/
// or src/entities/<name>/ picks <name>.spec.ts and <name>-*.spec.ts (plural or singular). The build
// is refreshed first when such a spec runs. `npm test` remains the check before a commit lands.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const ref = process.argv[2] ?? 'HEAD';
const git = (...args) => spawnSync('git', args, { encoding: 'utf8' }).stdout.trim().split('\n').filter(Boolean);
const changed = [
  ...new Set([...git('diff', '--name-only', ref), ...git('ls-files', '--others', '--exclude-standard')]),
];
if (changed.length === 0) {
  console.log(`test:changed: nothing changed since ${ref}.`);
  process.exit(0);
}
console.log(`test:changed: ${changed.length} file(s) changed since ${ref}.`);

const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit' }).status ?? 1;

let status = run('npx', ['vitest', 'run', '--changed', ref, '--passWithNoTests']);

const stem = (name) => name.replace(/s$/, '');
const folders = new Set(
  changed
    .map((f) => /^src\/(?:client\/features|entities)\/([^/]+)\//.exec(f)?.[1])
    .filter(Boolean)
    .map(stem),
);
const specs = readdirSync('tests/e2e').filter((f) => f.endsWith('.spec.ts'));
const named = specs.filter((spec) => {
  const base = stem(spec.replace(/\.spec\.ts$/, '').split('-')[0]);
  return [...folders].some((folder) => stem(folder.split('-')[0]) === base);
});
const direct = changed.filter((f) => /^tests\/e2e\/[^/]+\.spec\.ts$/.test(f)).map((f) => f.slice('tests/e2e/'.length));
const helperChanged = changed.some((f) => f.startsWith('tests/e2e/') && !f.endsWith('.spec.ts'));
const chosen = helperChanged ? specs : [...new Set([...named, ...direct])].filter((s) => specs.includes(s));
if (chosen.length) {
  if (changed.some((f) => f.startsWith('src/')) && status === 0) status = run('npm', ['run', '--silent', 'build']);
  if (status === 0) {
    console.log(`test:changed: Playwright on ${helperChanged ? 'every spec (a helper changed)' : chosen.join(', ')}`);
    status = run('npx', ['playwright', 'test', ...(helperChanged ? [] : chosen.map((s) => `tests/e2e/${s}`))]);
  }
} else console.log('test:changed: no end-to-end spec concerns these files.');
process.exit(status);
