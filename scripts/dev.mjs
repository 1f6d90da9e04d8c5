#!/usr/bin/env node
// `npm run dev`: the service (restarted on change) and the Vite dev server with hot reload,
// which proxies /api and /mqtt to the service (vite.config.ts).
import { spawn } from 'node:child_process';
import { generate } from './entities.mjs';

// The entity lists first (the service imports them); vite's entity-lists plugin keeps them in
// step while it runs, and tsx restarts the service when they change.
generate();

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/main.ts'], { stdio: 'inherit' }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stop = (sig) => children.forEach((c) => c.kill(sig));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const c of children)
  c.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
