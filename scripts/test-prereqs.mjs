#!/usr/bin/env node
// What `npm test` needs beyond Node and node_modules: Debian's Chromium (Playwright cannot download
// its own browser here) and CJK fonts, so the end-to-end tests measure Chinese labels as a user
// sees them; and HAProxy, which the at-scale run puts in front of two replicas
// (tests/server/process/replicas.test.ts). Installed with apt-get when this runs as root on Debian;
// otherwise one line says what to install and the run stops before any test starts. Media needs
// nothing: the packaged ffmpeg comes with `npm install` (README, Quick start).
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
if (!missing.length) process.exit(0);

const canApt = process.platform === 'linux' && process.getuid?.() === 0 && has('apt-get', ['--version']).status === 0;
if (!canApt || process.env.TEST_PREREQS_INSTALL === '0') {
  const where = process.env.CHROMIUM_PATH ? ` (CHROMIUM_PATH=${chromium})` : '';
  console.error(
    `npm test needs ${missing.join(' and ')}${where}: install ${missing.length > 1 ? 'them' : 'it'} ` +
      `(Debian/Ubuntu: sudo apt-get install ${missing.join(' ')})` +
      (missing.some((m) => m !== 'haproxy') ? ', or point CHROMIUM_PATH at a Chromium.' : '.'),
  );
  process.exit(1);
}

console.log(`test prerequisites: installing ${missing.join(' ')} with apt-get...`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [
  ['update', '-qq'],
  ['install', '-y', '-qq', ...missing],
]) {
  const r = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
  if (r.status !== 0) {
    console.error(
      `test prerequisites: apt-get ${args[0]} failed (exit ${r.status}); install ${missing.join(' ')} by hand.`,
    );
    process.exit(1);
  }
}
if (!existsSync(chromium)) {
  console.error(`test prerequisites: chromium was installed but ${chromium} is not there; set CHROMIUM_PATH.`);
  process.exit(1);
}
if (!haproxy()) {
  console.error('test prerequisites: haproxy was installed but is not on the PATH (nor /usr/sbin/haproxy).');
  process.exit(1);
}
console.log('test prerequisites: ready');
