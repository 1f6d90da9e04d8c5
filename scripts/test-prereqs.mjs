#!/usr/bin/env node
// What `npm test` needs beyond Node and node_modules: Debian's Chromium (Playwright cannot download
// its own browser here) with its headless shell for the end-to-end run, and CJK fonts, so the
// end-to-end tests measure Chinese labels as a user sees them; and HAProxy, which the at-scale run
// puts in front of two replicas (tests/server/process/replicas.test.ts). Installed with apt-get when
// this runs as root on Debian; otherwise one line says what to install and the run stops before any
// test starts. Media needs nothing: the packaged ffmpeg comes with `npm install` (README, Quick start).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const has = (cmd, args) => spawnSync(cmd, args, { encoding: 'utf8' });
const haproxy = () => ['haproxy', '/usr/sbin/haproxy'].some((b) => has(b, ['-v']).status === 0);

function cjkFonts() {
  const r = has('fc-list', [':lang=zh', 'family']);
  return r.status === 0 && r.stdout.trim() !== '';
}

const missing = [];
if (!existsSync(chromium)) missing.push('chromium');
// Without Chromium there is no fontconfig either; Debian's chromium pulls it in.
if (missing.length || !cjkFonts()) missing.push('fonts-noto-cjk');
if (!haproxy()) missing.push('haproxy');
// The end-to-end run's lighter browser (tests/chromium.ts), installed where apt-get can; without
// it the run uses the full Chromium, so it is never a reason to stop.
const shell = '/usr/bin/chromium-headless-shell';
const optional = process.env.CHROMIUM_PATH || existsSync(shell) ? [] : ['chromium-headless-shell'];
if (!missing.length && !optional.length) process.exit(0);

const canApt = process.platform === 'linux' && process.getuid?.() === 0 && has('apt-get', ['--version']).status === 0;
if (!canApt || process.env.TEST_PREREQS_INSTALL === '0') {
  if (!missing.length) process.exit(0);
  const where = process.env.CHROMIUM_PATH ? ` (CHROMIUM_PATH=${chromium})` : '';
  console.error(
    `npm test needs ${missing.join(' and ')}${where}: install ${missing.length > 1 ? 'them' : 'it'} ` +
      `(Debian/Ubuntu: sudo apt-get install ${missing.join(' ')})` +
      (missing.some((m) => m !== 'haproxy') ? ', or point CHROMIUM_PATH at a Chromium.' : '.'),
  );
  process.exit(1);
}

console.log(`test prerequisites: installing ${[...missing, ...optional].join(' ')} with apt-get...`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const apt = (args) => spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env }).status;
for (const args of [['update', '-qq'], ...(missing.length ? [['install', '-y', '-qq', ...missing]] : [])]) {
  const status = apt(args);
  if (status !== 0 && missing.length) {
    console.error(
      `test prerequisites: apt-get ${args[0]} failed (exit ${status}); install ${missing.join(' ')} by hand.`,
    );
    process.exit(1);
  }
}
if (optional.length && apt(['install', '-y', '-qq', ...optional]) !== 0)
  console.log(`test prerequisites: ${optional.join(' ')} could not be installed; the end-to-end run uses ${chromium}.`);
if (!existsSync(chromium)) {
  console.error(`test prerequisites: chromium was installed but ${chromium} is not there; set CHROMIUM_PATH.`);
  process.exit(1);
}
if (!haproxy()) {
  console.error('test prerequisites: haproxy was installed but is not on the PATH (nor /usr/sbin/haproxy).');
  process.exit(1);
}
console.log('test prerequisites: ready');
