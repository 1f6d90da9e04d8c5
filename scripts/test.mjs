#!/usr/bin/env node
// `npm test`: every phase of the suite, in order, stopping at the first that fails, and a table of
// the phases' times at the end (README "Tests"). The first step runs its phases side by side:
// typecheck, lint and the build are single-threaded for most of their time, so on 2 cores they
// overlap instead of queueing. `node scripts/test.mjs <phase>...` runs only the phases named.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The seeded PGlite template the server tests and the benches' smoke run copy their databases
// from (tests/server/template-db.ts) is built once, beside the typecheck and the lint (a core is
// free once the typecheck is done), instead of at the start of each of those phases.
const scratch = mkdtempSync(join(tmpdir(), 'npm-test-'));
const templateJson = join(scratch, 'template.json');
/** The environment naming the template, once built: given to the phases marked `template`. */
let templateEnv = {};

/** @type {{ name: string; cmd: string; args: string[]; template?: boolean }[][]} */
const STEPS = [
  [
    // Installing Chromium, the fonts and HAProxy (a fresh machine) waits on the network and dpkg:
    // the first phases that need them come after this step.
    { name: 'prerequisites', cmd: 'node', args: ['scripts/test-prereqs.mjs'] },
    { name: 'typecheck', cmd: 'npm', args: ['run', '--silent', 'typecheck'] },
    { name: 'lint + i18n', cmd: 'sh', args: ['-c', 'npm run --silent lint && npm run --silent i18n:check'] },
    { name: 'build', cmd: 'npm', args: ['run', '--silent', 'build'] },
    {
      name: 'template',
      cmd: 'node',
      args: ['--import', 'tsx', 'tests/server/template-cli.ts', templateJson, String(process.pid)],
    },
  ],
  [{ name: 'unit', cmd: 'npm', args: ['run', '--silent', 'test:unit'], template: true }],
  [{ name: 'at-scale', cmd: 'npm', args: ['run', '--silent', 'test:scale'] }],
  [{ name: 'bench smoke', cmd: 'npm', args: ['run', '--silent', 'bench:smoke'], template: true }],
  [{ name: 'e2e', cmd: 'npx', args: ['playwright', 'test'] }],
];

const only = process.argv.slice(2);
const steps = only.length ? STEPS.map((s) => s.filter((p) => only.includes(p.name))).filter((s) => s.length) : STEPS;

/** Runs one phase with its output passed through (each line prefixed when phases share the terminal). */
function run(phase, prefix) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(phase.cmd, phase.args, {
      stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: phase.template ? { ...process.env, ...templateEnv } : process.env,
    });
    if (prefix) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let rest = '';
        from.setEncoding('utf8');
        from.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) to.write(`[${phase.name}] ${line}\n`);
        });
        from.on('end', () => rest && to.write(`[${phase.name}] ${rest}\n`));
      }
    }
    child.on('close', (code, signal) =>
      resolve({ name: phase.name, ok: code === 0, code: code ?? signal, s: (Date.now() - started) / 1000 }),
    );
  });
}

/** Removes the template (its folder on /dev/shm holds memory) and this run's scratch folder. */
function cleanUp() {
  for (const path of [templateEnv.TEST_TEMPLATE_PGLITE, templateEnv.TEST_TEMPLATE_PGLITE_DIR, scratch])
    if (path) rmSync(path, { recursive: true, force: true });
}

const results = [];
const began = Date.now();
let failed = false;
const stop = (sig) => {
  cleanUp();
  process.exit(sig === 'SIGINT' ? 130 : 143);
};
process.on('SIGINT', stop).on('SIGTERM', stop);
for (const step of steps) {
  const done = await Promise.all(step.map((phase) => run(phase, step.length > 1)));
  results.push(...done.map((r) => ({ ...r, parallel: step.length > 1 })));
  if (existsSync(templateJson)) templateEnv = JSON.parse(readFileSync(templateJson, 'utf8'));
  if (done.some((r) => !r.ok)) {
    failed = true;
    break;
  }
}
cleanUp();

// Rounded to the second first: 179.6 s is 3:00, not 2:60.
const min = (s) => {
  const whole = Math.round(s);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};
console.log('\nnpm test phases (m:ss)');
for (const r of results)
  console.log(
    `  ${r.name.padEnd(14)} ${min(r.s).padStart(6)}${r.parallel ? '  (side by side)' : ''}${r.ok ? '' : `  FAILED (${r.code})`}`,
  );
console.log(`  ${'total'.padEnd(14)} ${min((Date.now() - began) / 1000).padStart(6)}`);
process.exit(failed ? 1 : 0);
