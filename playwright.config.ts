import { defineConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, E2E_CHROMIUM_PATH } from './tests/chromium';
import { PROTOCOL_NAMES, type ProtocolName } from './src/shared/protocols/types';
import { baseUrlOf, E2E_SERVICES, e2eServices, protocolPortEnv, type E2eService } from './tests/e2e/services';

// One service per worker (tests/e2e/services.ts): its own ports, data directory and demo site, so
// an SOS dialog or a door call of one worker's test never reaches another worker's console. Spec
// files run one at a time in a worker (fullyParallel: false); a file's tests share its service.

/** `--workers N` / `-j N` as given to `playwright test` (only the runner's own command line has it). */
function workersOnCommandLine(): number | undefined {
  const argv = process.argv;
  for (let i = 0; i < argv.length; i++) {
    const m = /^(?:--workers|-j)(?:=(.+))?$/.exec(argv[i]!);
    if (!m) continue;
    const value = m[1] ?? argv[i + 1] ?? '';
    const n = value.endsWith('%')
      ? Math.max(1, Math.floor((cpus().length * Number(value.slice(0, -1))) / 100))
      : Number(value);
    return Number.isInteger(n) && n > 0 ? n : undefined;
  }
  return undefined;
}

/** `count` distinct free TCP ports of 127.0.0.1 (all held open at once, then released). */
function freePorts(count: number): number[] {
  const out = execFileSync(process.execPath, [
    '-e',
    `const net=require('net');const n=${count};const ss=[];let left=n;
     for(let i=0;i<n;i++){const s=net.createServer();ss.push(s);s.listen(0,'127.0.0.1',()=>{if(--left===0){
       console.log(ss.map((x)=>x.address().port).join(' '));ss.forEach((x)=>x.close());}});}`,
  ]);
  return String(out).trim().split(/\s+/).map(Number);
}

// The runner picks the services once; the workers load this file again and find them in the
// environment they inherit. E2E_WORKERS (default 2) sets how many; `--workers N` on the command
// line starts as many services. Two on the 2-core CI machine: the run is CPU-bound (the browsers'
// software rendering), so a third would only share the same two cores.
if (!process.env[E2E_SERVICES]) {
  const count = workersOnCommandLine() ?? Number(process.env.E2E_WORKERS ?? 2);
  if (!Number.isInteger(count) || count < 1) throw new Error(`E2E_WORKERS must be a whole number >= 1`);
  const each = 3 + PROTOCOL_NAMES.length;
  const ports = freePorts(count * each);
  const services: E2eService[] = [];
  for (let index = 0; index < count; index++) {
    const [port, mqttPort, rtspPort, ...listeners] = ports.slice(index * each, (index + 1) * each);
    services.push({
      index,
      port: port!,
      mqttPort: mqttPort!,
      rtspPort: rtspPort!,
      // The device protocol listeners (docs/protocols.md), off their Traccar ports so a local service keeps them.
      protocolPorts: Object.fromEntries(PROTOCOL_NAMES.map((name, i) => [name, listeners[i]!])) as Record<
        ProtocolName,
        number
      >,
      work: mkdtempSync(join(tmpdir(), `console-e2e-${index}-`)),
    });
  }
  process.env[E2E_SERVICES] = JSON.stringify(services);
}
const services = e2eServices();
// The sandbox provider's callback secret, known to the tests so that they can sign a provider's
// notification themselves (billing.spec.ts sends one twice). One for all the services.
process.env.E2E_PAY_SANDBOX_SECRET ??= randomBytes(24).toString('hex');

export default defineConfig({
  testDir: 'tests/e2e',
  // Waits, not targets: a test ends as soon as what it waits for is on screen. The same machine
  // runs the suite up to three times slower at busy hours (a CI run's tests took 3 to 4 times their
  // quiet-hour time, docs/performance.md), so the defaults leave that much room.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: services.length,
  retries: 0,
  // PW_JSON=<file>: each test's time and worker as JSON too (how docs/performance.md's figures are taken).
  reporter: process.env.PW_JSON ? [['list'], ['json', { outputFile: process.env.PW_JSON }]] : [['list']],
  // baseURL is the worker's own service's (tests/e2e/fixtures.ts), not set here.
  use: {
    launchOptions: {
      executablePath: E2E_CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
    trace: 'off',
    // prefers-reduced-motion: the console's transitions are skipped (src/client/theme.ts), so no
    // frames are drawn for them and no click lands on an element still sliding into place.
    reducedMotion: 'reduce',
    // The console's service worker precaches the whole build (about 500 files, 7 MB) in every new
    // context: 4.4 s a context against 1.0 s without it, measured on the 2-core machine, and the
    // run opens some 130. The specs about it (offline reloads, the update prompt, phone pushes)
    // allow it with `test.use({ serviceWorkers: 'allow' })`; the others test the console without
    // it, as a browser that has not installed it yet meets it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
  webServer: services.map((service) => ({
    name: `e2e-${service.index}`,
    command: 'node scripts/e2e-server.mjs',
    url: `${baseUrlOf(service)}/api/health`,
    reuseExistingServer: false,
    // SIGTERM: the service stops and scripts/e2e-server.mjs removes its folder (a SIGKILL leaves it in /tmp).
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
    // The services start together (seed, migrations, simulator) on a 2-core machine.
    timeout: 180_000,
    env: {
      PORT: String(service.port),
      MQTT_PORT: String(service.mqttPort),
      SIM_RTSP_PORT: String(service.rtspPort),
      ...protocolPortEnv(service),
      E2E_WORK: service.work,
      PAY_SANDBOX_SECRET: process.env.E2E_PAY_SANDBOX_SECRET!,
      PAY_SANDBOX: '1',
      HOST: '127.0.0.1',
    },
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  })),
});
