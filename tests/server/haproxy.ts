import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROTOCOL_PORTS, type ProtocolName } from '../../src/shared/protocols/types';
import { freePort } from './mosquitto';

/**
 * HAProxy in front of the service's replicas and the broker, as README "Scaling" runs it: one
 * configuration, written by `haproxyConfig`, for the README (`README_HAPROXY`) and the replica test
 * (tests/server/process/replicas.test.ts) alike.
 */

/** Where Debian installs it (`apt-get install haproxy`; scripts/test-prereqs.mjs does as root). */
const BINARIES = ['haproxy', '/usr/sbin/haproxy'];

export function haproxyBinary(): string | undefined {
  return BINARIES.find((b) => spawnSync(b, ['-v'], { stdio: 'ignore' }).error === undefined);
}

export interface HaproxyReplica {
  name: string;
  host: string;
  /** Its HTTP port: the API, and the readiness check (`GET /api/health`) for every backend. */
  http: number;
  /** Its device protocol listeners. */
  protocols: Partial<Record<ProtocolName, number>>;
}

export interface HaproxySpec {
  /** Address HAProxy's frontends bind to (`*`: every interface). */
  bind: string;
  /** HAProxy's own ports: the consoles' (the API, and the broker's WebSocket at /mqtt), MQTT, and each device protocol's. */
  listen: { http: number; mqtt: number; protocols: Partial<Record<ProtocolName, number>> };
  replicas: HaproxyReplica[];
  broker: { host: string; mqtt: number; ws: number };
  statsSocket: string;
  /** Connections at once (each takes two file descriptors: the process's limit must allow twice as many). */
  maxconn: number;
  /** Health checks every `interMs`; out after `fall` failed in a row, back after `rise` passed. */
  check: { interMs: number; fall: number; rise: number };
}

/** The README's example: Traccar's device ports, 1883 and 8080, two replicas and a broker on other hosts. */
export const README_HAPROXY: HaproxySpec = {
  bind: '*',
  listen: { http: 8080, mqtt: 1883, protocols: { ...PROTOCOL_PORTS } },
  replicas: ['10.0.0.11', '10.0.0.12'].map((host, i) => ({
    name: `replica${i + 1}`,
    host,
    http: 8080,
    protocols: { ...PROTOCOL_PORTS },
  })),
  broker: { host: '10.0.0.21', mqtt: 1883, ws: 9001 },
  statsSocket: '/run/haproxy/admin.sock',
  maxconn: 100_000,
  check: { interMs: 1000, fall: 2, rise: 2 },
};

/** The configuration file. */
export function haproxyConfig(spec: HaproxySpec): string {
  const { interMs, fall, rise } = spec.check;
  const checks = `check inter ${interMs} fall ${fall} rise ${rise}`;
  const ready = ['  option httpchk GET /api/health', '  http-check expect status 200'];
  const protocols = Object.keys(spec.listen.protocols) as ProtocolName[];
  return [
    'global',
    `  maxconn ${spec.maxconn}`,
    `  stats socket ${spec.statsSocket} mode 600 level admin`,
    '',
    'defaults',
    '  timeout connect 2s',
    '  # Devices stay connected and speak every few minutes; consoles hold a WebSocket.',
    '  timeout client 15m',
    '  timeout server 15m',
    '  timeout tunnel 1h',
    '  timeout check 2s',
    '  # A connection refused by a replica that just died goes to another.',
    '  retries 3',
    '  option redispatch 1',
    '',
    "# Consoles: the API, and at /mqtt the broker's WebSocket listener (MQTT_WS_URL).",
    'frontend consoles',
    '  mode http',
    `  bind ${spec.bind}:${spec.listen.http}`,
    '  timeout http-request 10s',
    '  option forwardfor',
    '  use_backend broker_ws if { path_beg /mqtt }',
    '  default_backend api',
    '',
    'backend api',
    '  mode http',
    '  balance roundrobin',
    ...ready,
    ...spec.replicas.map((r) => `  server ${r.name} ${r.host}:${r.http} ${checks}`),
    '',
    'backend broker_ws',
    '  mode http',
    `  server broker ${spec.broker.host}:${spec.broker.ws} check`,
    '',
    '# Devices over MQTT: to the broker.',
    'frontend mqtt',
    '  mode tcp',
    `  bind ${spec.bind}:${spec.listen.mqtt}`,
    '  default_backend broker_mqtt',
    '',
    'backend broker_mqtt',
    '  mode tcp',
    `  server broker ${spec.broker.host}:${spec.broker.mqtt} check`,
    ...protocols.flatMap((p) => [
      '',
      `# ${p} trackers: to a ready replica; those of a replica taken out are cut off and come back to another.`,
      `frontend ${p}`,
      '  mode tcp',
      `  bind ${spec.bind}:${spec.listen.protocols[p]}`,
      `  default_backend ${p}`,
      '',
      `backend ${p}`,
      '  mode tcp',
      '  balance leastconn',
      ...ready,
      `  default-server ${checks} on-marked-down shutdown-sessions`,
      ...spec.replicas.map((r) => `  server ${r.name} ${r.host}:${r.protocols[p]} port ${r.http}`),
    ]),
    '',
  ].join('\n');
}

/** One line of `show stat`: a frontend, a backend or a server. */
export interface HaproxyStat {
  pxname: string;
  svname: string;
  /** Sessions open now. */
  scur: number;
  /** Sessions in all. */
  stot: number;
  /** UP, DOWN, OPEN, no check ... */
  status: string;
}

export interface RunningHaproxy {
  listen: HaproxySpec['listen'];
  config: string;
  stats(): Promise<HaproxyStat[]>;
  /** One server of one backend. */
  server(backend: string, name: string): Promise<HaproxyStat>;
  stop(): Promise<void>;
}

/** HAProxy's own ports, free on loopback: the consoles', MQTT and each of `protocols`. */
export async function freeListenPorts(protocols: ProtocolName[]): Promise<HaproxySpec['listen']> {
  const listen: HaproxySpec['listen'] = { http: await freePort(), mqtt: await freePort(), protocols: {} };
  for (const p of protocols) listen.protocols[p] = await freePort();
  return listen;
}

/**
 * HAProxy of our own on loopback in front of `replicas` and `broker`, health checks as fast as
 * `check` says; resolves once it listens and every server is UP.
 */
export async function startHaproxy(
  opts: Pick<HaproxySpec, 'replicas' | 'broker' | 'check' | 'listen'>,
): Promise<RunningHaproxy> {
  const bin = haproxyBinary();
  if (!bin) throw new Error('haproxy is not installed (Debian: apt-get install haproxy; scripts/test-prereqs.mjs)');
  const dir = mkdtempSync(join(tmpdir(), 'haproxy-'));
  const listen = opts.listen;
  const spec: HaproxySpec = { ...opts, bind: '127.0.0.1', statsSocket: join(dir, 'admin.sock'), maxconn: 1_000 };
  const config = haproxyConfig(spec);
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, config);
  // -db: in the foreground, so the test holds its process.
  const proc: ChildProcess = spawn(bin, ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  proc.stderr!.on('data', (b: Buffer) => (err = (err + b.toString()).slice(-4000)));
  const stats = () => showStat(spec.statsSocket);
  const running: RunningHaproxy = {
    listen,
    config,
    stats,
    server: async (backend, name) => {
      const row = (await stats()).find((s) => s.pxname === backend && s.svname === name);
      if (!row) throw new Error(`haproxy has no server ${name} in ${backend}`);
      return row;
    },
    stop: async () => {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGTERM');
        await new Promise((r) => proc.once('exit', r));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  const end = Date.now() + 20_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`haproxy stopped (${proc.exitCode}): ${err.trim()}`);
    const up = await stats()
      .then((rows) => rows.filter((s) => !['FRONTEND', 'BACKEND'].includes(s.svname)).every((s) => s.status === 'UP'))
      .catch(() => false);
    if (up && (await accepts(listen.http))) return running;
    if (Date.now() > end) {
      await running.stop();
      throw new Error(`haproxy did not come up with every server UP: ${err.trim()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createConnection({ host: '127.0.0.1', port }, () => (s.end(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

/** `show stat` on the stats socket, as rows. */
function showStat(socket: string): Promise<HaproxyStat[]> {
  return new Promise((resolve, reject) => {
    const s = connect(socket);
    let text = '';
    s.on('data', (b) => (text += b.toString()));
    s.once('error', reject);
    s.once('connect', () => s.write('show stat\n'));
    s.once('end', () => {
      const [head, ...lines] = text.trim().split('\n');
      const cols = head!.replace(/^# /, '').split(',');
      const at = (name: string) => cols.indexOf(name);
      resolve(
        lines.map((line) => {
          const v = line.split(',');
          return {
            pxname: v[at('pxname')]!,
            svname: v[at('svname')]!,
            scur: Number(v[at('scur')]),
            stot: Number(v[at('stot')]),
            status: v[at('status')]!,
          };
        }),
      );
    });
  });
}
