import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

/**
 * The environment of a real service on loopback: its own ports and data folder, the embedded
 * database and broker (or PostgreSQL at `databaseUrl`), the simulator and device protocols off.
 */
export function serviceEnv(opts: {
  dataDir: string;
  port: number;
  mqttPort: number;
  databaseUrl?: string;
}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(opts.port),
    MQTT_PORT: String(opts.mqttPort),
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    SIM: '0',
    SIM_RTSP_PORT: '0',
    PROTOCOLS: 'none',
    LOG_LEVEL: 'warn',
    STATIC_DIR: '/nonexistent-static-dir',
  };
  delete env.DATABASE_URL;
  delete env.MQTT_URL;
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  return env;
}

/** The real service (`npm start` without the build) in its own process, with `env` over the test's. */
export function startServiceProcess(env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', join(root, 'src/main.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

/** Resolves once the service on `port` answers /api/health. */
export async function healthy(port: number, ms = 120_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > end) throw new Error('service did not come up');
    await new Promise((r) => setTimeout(r, 200));
  }
}

export const exited = (p: ChildProcess) =>
  new Promise<void>((resolve) =>
    p.exitCode !== null || p.signalCode !== null ? resolve() : p.once('exit', () => resolve()),
  );
