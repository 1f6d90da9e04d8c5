// Escalation (`npm run bench`; the target: with a three-step policy, 1,000 concurrent SOS nobody
// acknowledges have every step fire within 1 s of its due time, p99, none twice, none lost across
// a restart in the middle). The SOS go through the ingest and the alarm engine as a device's
// would; the escalation sweeps every SWEEP_MS on the real clock. Between the first and the second step the
// sweeping service is closed and a new one takes over (what a restarted replica does: its timers
// are rows of alarm_escalations), and a second replica sweeps beside it. Measured per step: when
// the step was recorded (its notifications' claim time) against the raise plus the step's delay.
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { encodePayload } from '../../src/shared/devices/codec';
import { topics } from '../../src/shared/topics';
import { buildApp } from '../../src/server/app';
import {
  alarmNotifications,
  alarmRecords,
  devices,
  escalationPolicies,
  escalationSteps,
} from '../../src/server/db/schema';
import { EscalationService, SWEEP_MS } from '../../src/server/escalation';
import { tenantId } from '../server/fixtures';
import { CHEAP_ARGON2, recordingSms } from '../server/helper';
import { addDevices } from '../server/ingest-helper';
import { pgliteFromTemplate } from '../server/template-db';
import { benchFailed, sized } from './size';

const SOS = sized(1_000, 20, 'BENCH_ESCALATION_SOS');
/** Seconds after the raise; the restart falls between the first and the second. */
const DELAYS = [3, 6, 9];
const TARGET_P99_MS = 1_000;
const f = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function policy(app: FastifyInstance, site: number): Promise<void> {
  await app.db.update(escalationPolicies).set({ enabled: false }).where(eq(escalationPolicies.tenantId, site));
  const [p] = await app.db
    .insert(escalationPolicies)
    .values({ tenantId: site, name: 'bench SOS', alarmType: 15, enabled: true })
    .returning({ id: escalationPolicies.id });
  await app.db.insert(escalationSteps).values([
    { tenantId: site, policyId: p!.id, delaySeconds: DELAYS[0]!, target: 'repeat', viaConsole: true },
    { tenantId: site, policyId: p!.id, delaySeconds: DELAYS[1]!, target: 'operators', viaConsole: true },
    { tenantId: site, policyId: p!.id, delaySeconds: DELAYS[2]!, target: 'contacts', viaSms: true },
  ]);
  app.escalation.invalidate(site);
}

function replica(app: FastifyInstance, sms: ReturnType<typeof recordingSms>): EscalationService {
  return new EscalationService({
    db: app.db,
    clock: app.clock,
    log: app.log,
    timeZone: app.config.timeZone,
    push: app.push,
    sms,
    voiceCalls: app.voiceCalls,
    email: app.email,
  });
}

export async function benchEscalation(): Promise<string[]> {
  const sms = recordingSms();
  const app = await buildApp({
    env: { NODE_ENV: 'test' },
    logger: false,
    sms,
    database: await pgliteFromTemplate(),
    config: {
      memoryDb: true,
      mqttPort: 0,
      staticDir: '/nonexistent-static-dir',
      argon2: CHEAP_ARGON2,
      deviceRate: { perS: 0, burst: 1 },
    },
  });
  const extra: EscalationService[] = [];
  // The bench's service runs in test mode, where the plugin's sweep is off: the bench sweeps every
  // SWEEP_MS, as the plugin would, whichever services are alive (the app's, then the replicas).
  let live: EscalationService[] = [app.escalation];
  const sweeper = setInterval(() => live.forEach((s) => void s.sweep().catch(() => {})), SWEEP_MS);
  try {
    await app.ready();
    const site = await tenantId(app, 'Demo Site');
    await policy(app, site);
    const fleet = await addDevices(app, SOS, { tenantId: site, kind: 'watch' });
    await app.db
      .update(devices)
      .set({ settings: { contacts: [{ name: '联系人', phone: '13900000002', relation: '' }] } })
      .where(
        inArray(
          devices.id,
          fleet.map((d) => d.id),
        ),
      );
    const ts = Date.now();
    for (const d of fleet)
      app.ingest.handle(
        topics.deviceUp(d.imei),
        Buffer.from(encodePayload({ kind: 'alarm', alarm: 'sos', ts }, 'json')),
        null,
      );
    await app.ingest.drain();
    await app.alarmEngine.drain();
    await app.escalation.drain();
    const raised = await app.db
      .select({ id: alarmRecords.id, createdAt: alarmRecords.createdAt })
      .from(alarmRecords)
      .where(
        and(
          eq(alarmRecords.type, 15),
          inArray(
            alarmRecords.deviceId,
            fleet.map((d) => d.id),
          ),
        ),
      );
    const raisedAt = new Map(raised.map((r) => [r.id, new Date(r.createdAt).getTime()]));
    // The restart: after the first step, the sweeping service goes and a new one (plus a second replica) takes over.
    const first = Math.min(...raisedAt.values()) + DELAYS[0]! * 1000;
    await new Promise((r) => setTimeout(r, Math.max(0, first + 1_500 - Date.now())));
    await app.escalation.close();
    live = [];
    for (let i = 0; i < 2; i++) {
      const s = replica(app, sms);
      extra.push(s);
      await s.recover();
      live.push(s);
    }
    const last = Math.max(...raisedAt.values()) + DELAYS.at(-1)! * 1000;
    await new Promise((r) => setTimeout(r, Math.max(0, last + 2_000 - Date.now())));
    await Promise.all(extra.map((s) => s.drain()));
    const rows = await app.db
      .select({
        alarmId: alarmNotifications.alarmId,
        step: alarmNotifications.step,
        createdAt: alarmNotifications.createdAt,
      })
      .from(alarmNotifications)
      .where(inArray(alarmNotifications.alarmId, [...raisedAt.keys()]));
    const fired = new Map<string, number>();
    const late: number[] = [];
    for (const r of rows) {
      const key = `${r.alarmId}:${r.step}`;
      if (fired.has(key)) continue;
      fired.set(key, 1);
      late.push(new Date(r.createdAt).getTime() - (raisedAt.get(r.alarmId)! + DELAYS[r.step]! * 1000));
    }
    // One notification row per step here (one console row, one SMS per contact): more is a repeat.
    const repeated = rows.length - fired.size;
    const lost = raisedAt.size * DELAYS.length - fired.size;
    late.sort((x, y) => x - y);
    const p99 = pct(late, 99);
    const ok = p99 < TARGET_P99_MS && repeated === 0 && lost === 0 && raisedAt.size === SOS;
    return [
      `Escalation, ${f(raisedAt.size)} concurrent SOS, steps at ${DELAYS.join('/')} s, a restart after the first (PGlite):`,
      `  step fired after its due time p50 ${f(pct(late, 50))} ms, p99 ${f(p99)} ms, max ${f(late.at(-1) ?? NaN)} ms ` +
        `(target p99 < 1,000 ms); repeated ${repeated}, lost ${lost} (target 0) ${ok ? 'ok' : 'MISSED'}`,
    ];
  } catch (err) {
    return [benchFailed('Escalation', err)];
  } finally {
    clearInterval(sweeper);
    await Promise.all(extra.map((s) => s.close()));
    await app.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await benchEscalation()) console.log(line);
}
