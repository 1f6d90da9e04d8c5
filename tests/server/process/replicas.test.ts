import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import postgres from 'postgres';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import type { AlarmTimeline } from '../../../src/shared/alarms/api';
import { demoFleet } from '../../../src/shared/devices/demo';
import { topics } from '../../../src/shared/topics';
import { gt06Frames } from '../../../src/sim/protocols/frames';
import { freeListenPorts, haproxyBinary, haproxyConfig, README_HAPROXY, startHaproxy } from '../haproxy';
import { freshPostgres } from '../helper';
import { until } from '../ingest-helper';
import { freePort, mosquittoBinary, startMosquitto, type PrivateMosquitto } from '../mosquitto';
import { TrackerConnection, pump } from '../protocols/trackers';
import { consoleInbox, type ConsoleInbox } from '../push-helper';
import {
  apiSession,
  consoleThenSms,
  EACH_STEP_SENT_ONCE,
  exited,
  healthy,
  notified,
  onlyPolicy,
  serviceEnv,
  smsOutbox,
  startServiceProcess,
} from '../service-process';
import { pgTemplate } from '../template-db';

// README "Scaling" as it runs: two replicas (real processes) on one PostgreSQL database and a
// Mosquitto with persistence, behind HAProxy (TCP for GT06 and MQTT, HTTP and WebSocket for the
// consoles), devices streaming and a console connected through it; one replica is killed (kill -9).
// docs/reliability.md "Replica killed" says what the service does and what is lost.

/** The escalation of the alarm raised before the kill: seconds after the raise. */
const FIRST_S = 1;
const SECOND_S = 6;
/** An outside number the last step texts, to count what was really sent (DATA_DIR/sms-outbox.log). */
const PHONE = '13900000078';
const MQTT_DEVICES = 6;
const GT06_DEVICES = 6;
/** Each device's pause between messages: a steady stream, not a load test. */
const PACE_MS = 25;
/** A tracker's pause before it connects again. */
const RECONNECT_MS = 100;

// Two replicas need PostgreSQL and an external broker: the at-scale run (scripts/test-scale.mjs).
const atScale = Boolean(process.env.DATABASE_URL && process.env.MQTT_URL);

describe('HAProxy configuration', () => {
  it('is in README "Scaling" as haproxyConfig writes it for the README\'s ports', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(['```', haproxyConfig(README_HAPROXY).trimEnd(), '```'].join('\n'));
  });
});

describe.skipIf(!atScale)('two replicas behind HAProxy, one killed (PostgreSQL, Mosquitto)', () => {
  const tag = randomBytes(4).toString('hex');
  /** Each replica's data directory (made in the test: a skipped describe still runs its body). */
  const dirs: string[] = [];
  const procs: ChildProcess[] = [];
  const clients: MqttClient[] = [];
  let pg: Awaited<ReturnType<typeof freshPostgres>> | undefined;
  let broker: PrivateMosquitto | undefined;
  let haproxy: Awaited<ReturnType<typeof startHaproxy>> | undefined;
  let sql: postgres.Sql | undefined;
  let running = true;
  /** The end of each replica's standard error, shown when the test fails. */
  const logs = ['', ''];
  afterAll(async () => {
    running = false;
    for (const p of procs) p.kill('SIGKILL');
    await Promise.all(procs.map(exited));
    await Promise.all(clients.map((c) => c.endAsync(true).catch(() => {})));
    await haproxy?.stop();
    await broker?.stop();
    await sql?.end({ timeout: 5 });
    await pg?.drop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('moves the devices to the other replica, loses nothing acknowledged, pushes a new SOS and escalates once', async () => {
    onTestFailed(() => logs.forEach((l, i) => console.error(`replica${i + 1} stderr:\n${l}`)));
    expect(
      haproxyBinary(),
      'haproxy is not installed: node scripts/test-prereqs.mjs (apt-get install haproxy)',
    ).toBeTruthy();
    expect(mosquittoBinary(), 'mosquitto is not installed (apt-get install mosquitto)').toBeTruthy();

    // PostgreSQL (a copy of the seeded demo), a Mosquitto of our own, two replicas, HAProxy.
    dirs.push(...[1, 2].map((i) => mkdtempSync(join(tmpdir(), `replica${i}-`))));
    pg = await freshPostgres(process.env.DATABASE_URL!, pgTemplate());
    sql = postgres(pg.url, { max: 2, onnotice: () => {} });
    broker = await startMosquitto({ persist: { autosaveIntervalS: 1800 }, websockets: true });
    const listen = await freeListenPorts(['gt06']);
    const front = `http://127.0.0.1:${listen.http}`;
    const replicas = await Promise.all(
      ['replica1', 'replica2'].map(async (name) => ({
        name,
        host: '127.0.0.1',
        http: await freePort(),
        protocols: { gt06: await freePort() },
      })),
    );
    const start = (i: number) => {
      const r = replicas[i]!;
      const env = {
        ...serviceEnv({ dataDir: dirs[i]!, port: r.http, mqttPort: 0, databaseUrl: pg!.url }),
        PROTOCOLS: 'gt06',
        GT06_PORT: String(r.protocols.gt06),
        MQTT_URL: broker!.url,
        // Consoles reach the broker's WebSocket listener through HAProxy (README "Scaling").
        MQTT_WS_URL: `ws://127.0.0.1:${listen.http}/mqtt`,
        MQTT_CLIENT_ID: `${r.name}-${tag}`,
        INGEST_GROUP: `replicas-${tag}`,
        TRUST_PROXY: 'true',
        // Every message stored: none refused for its rate.
        DEVICE_RATE_PER_S: '0',
      };
      const p = startServiceProcess(env);
      p.stderr!.on('data', (b: Buffer) => (logs[i] = (logs[i] + b.toString()).slice(-20_000)));
      procs.push(p);
      return p;
    };
    // The only escalation is this one, for falls (the SOS raised later escalate nowhere), written
    // through replica 1 before replica 2 starts: a replica reads a company's policies again 30 s
    // after it last did (src/server/escalation/service.ts), and only the one that wrote a change
    // drops its copy at once.
    const replica1 = start(0);
    await healthy(replicas[0]!.http);
    const demo1 = await apiSession(`http://127.0.0.1:${replicas[0]!.http}`);
    await onlyPolicy(demo1.call, 'replicas', 13, consoleThenSms(FIRST_S, SECOND_S, PHONE));
    start(1);
    await healthy(replicas[1]!.http);
    const brokerPort = (u: string) => Number(new URL(u).port);
    haproxy = await startHaproxy({
      listen,
      replicas,
      broker: { host: '127.0.0.1', mqtt: brokerPort(broker.url), ws: brokerPort(broker.wsUrl!) },
      check: { interMs: 250, fall: 1, rise: 1 },
    });

    // The demo administrator, through HAProxy.
    const demo = await apiSession(front);

    // A console as the browser connects: where /api/realtime says, MQTT over WebSocket, its topics.
    const realtime = (await (
      await fetch(`${front}/api/realtime`, { headers: { authorization: demo.token } })
    ).json()) as { data: { mqttUrl: string } };
    expect(realtime.data.mqttUrl).toBe(`ws://127.0.0.1:${listen.http}/mqtt`);
    const inbox: ConsoleInbox = await consoleInbox(realtime.data.mqttUrl, demo.userId, demo.token, [
      topics.userWeb(demo.userId),
      topics.noticeWeb,
    ]);
    clients.push(inbox.client);

    // Devices: demo wearables over MQTT, other demo devices as GT06 trackers, all through HAProxy.
    const wearable = (d: { kind: string }) => ['helmet', 'watch', 'wristband', 'ankle'].includes(d.kind);
    const wearables = demoFleet()
      .filter((d) => wearable(d) && !d.protocol)
      .slice(0, MQTT_DEVICES);
    const trackers = demoFleet()
      .filter((d) => !wearable(d) && !d.protocol)
      .slice(0, GT06_DEVICES + 1);
    const sosTracker = trackers.pop()!;
    expect(wearables).toHaveLength(MQTT_DEVICES);
    expect(trackers).toHaveLength(GT06_DEVICES);
    const mqttAcked = new Set<string>();
    const devices = await Promise.all(
      wearables.map(async (h) => {
        const c = await mqtt.connectAsync(`mqtt://127.0.0.1:${listen.mqtt}`, {
          clientId: `dev_${h.imei}`,
          reconnectPeriod: RECONNECT_MS,
          connectTimeout: 5_000,
        });
        c.on('error', () => {});
        clients.push(c);
        return c;
      }),
    );
    const mqttPumps = devices.map(async (c, i) => {
      const imei = wearables[i]!.imei;
      for (let n = 0; running; n++) {
        const id = `r-${imei}-${n}`;
        try {
          await c.publishAsync(topics.deviceUp(imei), JSON.stringify({ kind: 'telemetry', id, values: { steps: n } }), {
            qos: 1,
          });
          mqttAcked.add(id);
        } catch {
          // not acknowledged: not counted
        }
        await new Promise((r) => setTimeout(r, PACE_MS));
      }
    });
    /** Each tracker's acknowledged positions and connections opened. */
    const gt06 = trackers.map(() => ({ acked: new Set<string>(), connections: 0 }));
    const gt06Pumps = trackers.map(async (d, lane) => {
      const seq = { n: 0 };
      while (running) {
        gt06[lane]!.connections++;
        await pump(
          listen.protocols.gt06!,
          'gt06',
          d.imei,
          undefined,
          lane,
          gt06[lane]!.acked,
          () => running,
          seq,
          PACE_MS,
        );
        if (running) await new Promise((r) => setTimeout(r, RECONNECT_MS));
      }
    });
    const gt06Acked = () => gt06.reduce((n, t) => n + t.acked.size, 0);
    await until(() => mqttAcked.size >= 100 && gt06.every((t) => t.acked.size >= 5), 30_000, 'devices streaming');

    // Both replicas do their share: trackers on each, and replica 1 stores device messages.
    const onReplica1 = (await haproxy.server('gt06', 'replica1')).scur;
    expect(onReplica1).toBeGreaterThan(0);
    expect((await haproxy.server('gt06', 'replica2')).scur).toBe(GT06_DEVICES - onReplica1);
    const admin1 = await apiSession(`http://127.0.0.1:${replicas[0]!.http}`, 'admin', 'admin123');
    expect((await admin1.call<{ stored: number }>('device/ingest/stats', {})).stored).toBeGreaterThan(0);

    // A fall before the kill: its escalation's first step goes out, then replica 1 dies.
    const faller = wearables[0]!;
    const falls = async () =>
      (
        await demo.call<{ rows: { id: number }[] }>('device/alarm/list', {
          filters: { imei: faller.imei, type: 13 },
          sort: [{ field: 'id', order: 'desc' }],
          size: 1,
        })
      ).rows[0]?.id ?? 0;
    // The demo's own history has falls of this device too.
    const seeded = await falls();
    await devices[0]!.publishAsync(
      topics.deviceUp(faller.imei),
      JSON.stringify({ kind: 'alarm', alarm: 'fall', ts: Date.now() }),
      { qos: 1 },
    );
    const fall = { id: await until(async () => ((await falls()) > seeded ? falls() : 0), 10_000, 'the fall stored') };
    /** The fall's timeline once `ok`; failing, the last one seen. */
    const timeline = async (what: string, ok: (t: AlarmTimeline) => boolean, ms: number) => {
      let last: AlarmTimeline | undefined;
      const t = await until(
        async () => {
          last = await demo.call<AlarmTimeline>('device/alarm/timeline', { id: fall.id });
          return ok(last) ? last : undefined;
        },
        ms,
        what,
      ).catch(() => undefined);
      if (!t) throw new Error(`${what}: the timeline is ${JSON.stringify(last)}`);
      return t;
    };
    const firstStep = await timeline(
      'the first step sent',
      (t) => notified(t).some((e) => e.step === 0 && e.outcome === 'sent'),
      10_000,
    );
    const raisedAt = Date.parse(firstStep.entries[0]!.at);
    const ackedBefore = { mqtt: mqttAcked.size, gt06: gt06.map((t) => t.acked.size) };
    replica1.kill('SIGKILL');
    const killedAt = Date.now();
    await exited(replica1);
    expect(killedAt).toBeLessThan(raisedAt + SECOND_S * 1000);

    // HAProxy takes it out; its trackers come back through HAProxy to replica 2.
    await until(async () => (await haproxy!.server('gt06', 'replica1')).status === 'DOWN', 5_000, 'replica 1 out');
    await until(
      () => gt06.every((t, i) => t.acked.size >= ackedBefore.gt06[i]! + 3),
      15_000,
      'every tracker acknowledged again',
    );
    expect(await haproxy.server('gt06', 'replica1')).toMatchObject({ status: 'DOWN', scur: 0 });
    expect((await haproxy.server('gt06', 'replica2')).scur).toBe(GT06_DEVICES);
    expect(gt06.reduce((n, t) => n + t.connections, 0)).toBeGreaterThanOrEqual(GT06_DEVICES + onReplica1);

    // A new SOS after the kill, from every wearable and from a tracker: each reaches the console.
    const sosAt = Date.now();
    await Promise.all(
      wearables.map((h, i) =>
        devices[i]!.publishAsync(
          topics.deviceUp(h.imei),
          JSON.stringify({ kind: 'alarm', alarm: 'sos', ts: Date.now() }),
          { qos: 1 },
        ),
      ),
    );
    const sosConn = await TrackerConnection.open(listen.protocols.gt06!, 'gt06', sosTracker.imei);
    expect(sosConn).toBeDefined();
    const fix = { lat: 22.5, lon: 114.05, at: Date.now(), satellites: 8 };
    expect(await sosConn!.conn.send(gt06Frames.alarm(2, fix, 'sos'))).toBeDefined();
    sosConn!.conn.close();
    const pushed = await Promise.all(
      [...wearables, sosTracker].map((d) =>
        inbox.next('9001', 15_000, (r) => {
          const a = r.body.alarm as { imei?: string; type?: number } | undefined;
          return a?.imei === d.imei && a.type === 15;
        }),
      ),
    );
    expect(pushed).toHaveLength(MQTT_DEVICES + 1);
    const sosLatencyMs = Date.now() - sosAt;

    // The fall's escalation: every step once, the later two fired by replica 2 when due.
    const done = await timeline(
      'the escalation done',
      (t) => t.escalation === 'done' && notified(t).length === 3 && notified(t).every((e) => e.outcome !== 'waiting'),
      20_000,
    );
    expect(notified(done).map((e) => [e.step, e.channel, e.outcome])).toEqual(EACH_STEP_SENT_ONCE);
    for (const e of notified(done).slice(1)) {
      expect(Date.parse(e.at)).toBeGreaterThan(killedAt);
      expect(Date.parse(e.at)).toBeLessThan(raisedAt + SECOND_S * 1000 + 5_000);
    }
    expect(dirs.flatMap((d) => smsOutbox(d, PHONE))).toHaveLength(1);

    // Nothing acknowledged is lost: every acknowledged message and position is stored.
    running = false;
    await Promise.all([...mqttPumps, ...gt06Pumps]);
    const acked = { mqtt: [...mqttAcked], gt06: gt06.flatMap((t) => [...t.acked]) };
    let missing = { mqtt: acked.mqtt, gt06: acked.gt06 };
    await until(
      async () => {
        const ids = new Set(
          (await sql!`select msg_id from device_readings where msg_id like 'r-%'`).map((r) => r.msg_id as string),
        );
        const positions = new Set(
          (
            await sql!`select d.imei, l.lat from device_locations l join devices d on d.id = l.device_id
              where l.lon >= 100 and l.lon < ${100 + GT06_DEVICES}`
          ).map((r) => `${r.imei}:${Number(r.lat).toFixed(5)}`),
        );
        missing = { mqtt: acked.mqtt.filter((id) => !ids.has(id)), gt06: acked.gt06.filter((k) => !positions.has(k)) };
        return missing.mqtt.length + missing.gt06.length === 0;
      },
      20_000,
      'every acknowledged message stored',
    ).catch(() => {});
    expect(missing).toEqual({ mqtt: [], gt06: [] });
    expect(acked.mqtt.length).toBeGreaterThan(ackedBefore.mqtt);
    expect(acked.gt06.length).toBeGreaterThan(ackedBefore.gt06.reduce((a, b) => a + b, 0));
    console.log(
      `replicas: ${acked.mqtt.length} MQTT messages and ${gt06Acked()} GT06 positions acknowledged and stored ` +
        `(${ackedBefore.mqtt} and ${ackedBefore.gt06.reduce((a, b) => a + b, 0)} before the kill); ` +
        `${onReplica1} trackers moved; ${MQTT_DEVICES + 1} SOS at the console within ${sosLatencyMs} ms`,
    );
  }, 240_000);
});
