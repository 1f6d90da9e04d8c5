import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer, type AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/** Where Debian installs the broker (CI runs it as a service; this starts a private one). */
const BINARIES = ['mosquitto', '/usr/sbin/mosquitto'];

export function mosquittoBinary(): string | undefined {
  return BINARIES.find((b) => spawnSync(b, ['-h'], { stdio: 'ignore' }).error === undefined);
}

export interface PrivateMosquitto {
  url: string;
  /** Its WebSocket listener (`websockets: true`), as consoles reach an external broker. */
  wsUrl?: string;
  pid: number;
  stop(): Promise<void>;
  /**
   * Stops the broker with `signal` (TERM: it saves its sessions first; KILL: what it had not
   * saved is gone) and starts it again on the same port and persistence file.
   */
  restart(signal: 'SIGTERM' | 'SIGKILL', downMs?: number): Promise<void>;
}

export interface MosquittoOptions {
  /** Keep sessions in a persistence file (`persistence true`), saved on exit and every `autosave_interval` s. */
  persist?: { autosaveIntervalS: number };
  /** A WebSocket listener too, on a port of its own. */
  websockets?: boolean;
}

/** A port nothing listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * A Mosquitto of our own, configured as README "External broker" asks for the ingest: queues
 * for a slow or restarting subscriber deep enough that nothing a device was acknowledged is
 * dropped (the Debian default, 1,000 queued per client, drops the excess silently).
 */
export async function startMosquitto(opts: MosquittoOptions = {}): Promise<PrivateMosquitto> {
  const bin = mosquittoBinary();
  if (!bin) throw new Error('mosquitto is not installed');
  const dir = mkdtempSync(join(tmpdir(), 'mosquitto-'));
  const port = await freePort();
  const wsPort = opts.websockets ? await freePort() : undefined;
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      ...(wsPort ? [`listener ${wsPort} 127.0.0.1`, 'protocol websockets'] : []),
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      ...(opts.persist
        ? [
            'persistence true',
            `persistence_location ${dir}/`,
            `autosave_interval ${opts.persist.autosaveIntervalS}`,
            // Started as root, Mosquitto drops to the user "mosquitto", which cannot write our directory.
            `user ${userInfo().username}`,
          ]
        : ['persistence false']),
      'max_queued_messages 1000000',
      'max_inflight_messages 10000',
      'log_dest none',
      '',
    ].join('\n'),
  );
  const launch = async (): Promise<ChildProcess> => {
    const proc: ChildProcess = spawn(bin, ['-c', conf], { stdio: 'ignore' });
    const end = Date.now() + 10_000;
    for (;;) {
      const up = await new Promise<boolean>((resolve) => {
        const s = createConnection({ host: '127.0.0.1', port }, () => (s.end(), resolve(true)));
        s.once('error', () => resolve(false));
      });
      if (up) return proc;
      if (Date.now() > end || proc.exitCode !== null) throw new Error('private mosquitto did not start');
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const ended = (p: ChildProcess) =>
    new Promise((r) => (p.exitCode !== null || p.signalCode !== null ? r(null) : p.once('exit', r)));
  let proc = await launch();
  const broker: PrivateMosquitto = {
    url: `mqtt://127.0.0.1:${port}`,
    ...(wsPort ? { wsUrl: `ws://127.0.0.1:${wsPort}/mqtt` } : {}),
    pid: proc.pid!,
    stop: async () => {
      proc.kill('SIGTERM');
      await ended(proc);
      rmSync(dir, { recursive: true, force: true });
    },
    restart: async (signal, downMs = 0) => {
      proc.kill(signal);
      await ended(proc);
      if (downMs) await new Promise((r) => setTimeout(r, downMs));
      proc = await launch();
      broker.pid = proc.pid!;
    },
  };
  return broker;
}
