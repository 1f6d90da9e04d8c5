// Supervision latency (`npm run bench`; the target: "a simulated bracelet leaving its fence raises an
// alarm to its supervisor within a second"): ankle bracelets publish fixes over MQTT (QoS 1, TCP)
// as devices do; a fix outside the person's home fence goes through the ingest, the fence
// evaluator and the alarm engine, and the push's watchers hook delivers the fence exit (9001, type
// 20) to the supervisor's console, a user who holds the supervision screens only (no alarm menu).
// Measured: the device's PUBLISH to the supervisor's receipt, one exit at a time over a round-robin
// of bracelets, each brought back inside (its recovery received) before its next exit. Loopback
// only, loops bounded in count and time. The home fence raises at once (dwell 0, as the demo's
// home fences do): with a dwell the exit would wait for a fix that long after the first one out.
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { MqttClient } from 'mqtt';
import type { LonLat } from '../../src/shared/geo/fence';
import { topics } from '../../src/shared/topics';
import { buildApp } from '../../src/server/app';
import { addRole, addUser, tenantId } from '../server/fixtures';
import { login, post } from '../server/helper';
import { addDevices, deviceClient } from '../server/ingest-helper';
import { consoleInbox, type ConsoleInbox } from '../server/push-helper';
import { QUICK, sized } from './size';
import { pgliteFromTemplate } from '../server/template-db';

const EXITS = sized(QUICK ? 30 : 100, 2);
const BRACELETS = sized(10, 2);
const TARGET_P95_MS = 1_000;
const WAIT_MS = 5_000;
const FENCE_EXIT = 20;
/** Far from the demo's own fences. */
const HOME: LonLat = [114.3, 22.7];
const north = (m: number): LonLat => [HOME[0], HOME[1] + m / 111_195];

const f = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

interface Bracelet {
  imei: string;
  client: MqttClient;
}

async function setUp(app: FastifyInstance, url: string) {
  const site = await tenantId(app, 'Demo Site');
  const demo = (await login(app, 'demo', 'demo123')).token;
  const role = await addRole(app, site, 'bench supervisor', ['regulatoryList', 'regulatoryUser']);
  const supervisorId = await addUser(app, { tenant: site, username: 'benchsupervisor', roleIds: [role] });
  const supervisorToken = (await login(app, 'benchsupervisor', 'secret1')).token;
  const fence = await post<{ id: number }>(
    app,
    '/api/device/fence/add',
    { name: 'Bench home', type: 1, shape: 0, radius: 100, longitude: HOME[0], latitude: HOME[1], dwell: 0 },
    { token: demo },
  );
  if (fence.code !== 0) throw new Error(`fence: ${fence.msg}`);
  const devices = await addDevices(app, BRACELETS, { tenantId: site, kind: 'ankle' });
  for (const [i, d] of devices.entries()) {
    const person = await post(
      app,
      '/api/user/monitoredPerson/add',
      {
        name: `监管对象 ${i}`,
        phone: '13800001234',
        gender: 1,
        level: 2,
        crimeType: 5,
        startDate: '2026-01-01',
        endDate: '2099-01-01',
        supervisorId,
        deviceId: d.id,
        fenceId: fence.data.id,
      },
      { token: demo },
    );
    if (person.code !== 0) throw new Error(`person: ${person.msg}`);
  }
  await app.fenceIndex.reload([site]);
  const inbox = await consoleInbox(url, supervisorId, supervisorToken, [topics.userWeb(supervisorId)]);
  const bracelets: Bracelet[] = await Promise.all(
    devices.map(async (d) => ({ imei: d.imei, client: await deviceClient(url, d) })),
  );
  return { inbox, bracelets };
}

/** Publishes a fix of `b` `ts` ms device time, and waits for the supervisor's push of `type` about it; the ms it took, or undefined. */
async function fixAndWait(
  b: Bracelet,
  p: LonLat,
  ts: number,
  inbox: ConsoleInbox,
  type: number,
): Promise<number | undefined> {
  // Only what arrives after this PUBLISH counts.
  inbox.received.length = 0;
  const sent = performance.now();
  b.client.publish(topics.deviceUp(b.imei), JSON.stringify({ kind: 'location', lon: p[0], lat: p[1], ts }), { qos: 1 });
  try {
    await inbox.next('9001', WAIT_MS, (r) => {
      const alarm = r.body.alarm as { imei?: string; type?: number } | undefined;
      return alarm?.imei === b.imei && alarm.type === type;
    });
    return performance.now() - sent;
  } catch {
    return undefined;
  }
}

export async function benchSupervision(): Promise<string[]> {
  const app = await buildApp({
    database: await pgliteFromTemplate(),
    env: {},
    logger: { level: 'error' },
    config: {
      memoryDb: true,
      mqttPort: 0,
      staticDir: '/nonexistent',
      argon2: { memoryCost: 1024, timeCost: 1 },
      sim: 0,
    },
  });
  let setup: Awaited<ReturnType<typeof setUp>> | undefined;
  try {
    if (app.broker.kind !== 'embedded') throw new Error('the supervision bench runs on the embedded broker');
    const url = `mqtt://127.0.0.1:${await app.broker.listenTcp(0, '127.0.0.1')}`;
    setup = await setUp(app, url);
    const { inbox, bracelets } = setup;
    const base = Date.now() - 3_600_000;
    const clock = new Map<string, number>();
    const tick = (b: Bracelet) => {
      const ts = (clock.get(b.imei) ?? base) + 10_000;
      clock.set(b.imei, ts);
      return ts;
    };
    // Each bracelet reports once at home first: the evaluator learns it is inside (no alarm).
    for (const b of bracelets)
      b.client.publish(
        topics.deviceUp(b.imei),
        JSON.stringify({ kind: 'location', lon: HOME[0], lat: HOME[1], ts: tick(b) }),
        { qos: 1 },
      );
    await new Promise((r) => setTimeout(r, 1_000));

    const exits: number[] = [];
    let lost = 0;
    let lostBack = 0;
    for (let i = 0; i < EXITS; i++) {
      const b = bracelets[i % bracelets.length]!;
      const took = await fixAndWait(b, north(400), tick(b), inbox, FENCE_EXIT);
      if (took === undefined) lost++;
      else exits.push(took);
      // Back home: the recovery (type 3) reaches the supervisor too, before this bracelet's next exit.
      if ((await fixAndWait(b, HOME, tick(b), inbox, 3)) === undefined) lostBack++;
    }
    exits.sort((a, b) => a - b);
    const p95 = pct(exits, 95);
    const ok = lost === 0 && lostBack === 0 && p95 < TARGET_P95_MS;
    return [
      `Supervision: bracelet fix PUBLISH (MQTT QoS 1, TCP) -> ingest -> fence evaluator -> alarm engine -> supervisor's console (9001, fence exit), PGlite + embedded Aedes, ${BRACELETS} bracelets, one exit at a time:`,
      `  ${EXITS} exits: p50 ${f(pct(exits, 50))} ms, p95 ${f(p95)} ms, max ${f(exits.at(-1) ?? NaN)} ms, exits missed ${lost}, recoveries missed ${lostBack} (target p95 < ${f(TARGET_P95_MS)} ms, none missed) ${ok ? 'ok' : 'MISSED'}`,
    ];
  } finally {
    await setup?.inbox.client.endAsync(true).catch(() => {});
    await Promise.all((setup?.bracelets ?? []).map((b) => b.client.endAsync(true).catch(() => {})));
    await app.close();
  }
}

// `tsx tests/bench/supervision.ts` runs this bench alone.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const l of await benchSupervision()) console.log(l);
}
