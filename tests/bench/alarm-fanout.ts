// The alarm bench's fan-out (alarm-latency.ts runs it after the latency phases): 1,000 console
// connections of 1,000 users of the tenant, in a child process (alarm-consoles.ts), one SOS, time
// until the last has it; and again while 300 open SOS (the earlier phases' alarms, nobody
// acknowledges them) are re-rung to every console as their escalations' steps do
// (docs/decisions.md, "a new SOS first, always"). Also the console sessions both parts log in with.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { MqttClient } from 'mqtt';
import { SESSION_TTL_MS } from '../../src/shared/constants';
import { topics } from '../../src/shared/topics';
import { contextOf, toAlarmRecord } from '../../src/server/alarms/records';
import { alarmRecords, users } from '../../src/server/db/schema';
import { SWEEP_MS } from '../../src/server/escalation/service';
import { REMIND_MS } from '../../src/server/push/reminders';
import { newToken, sha256 } from '../../src/server/lib/crypto';
import { insertSession } from '../../src/server/repos/sessions';
import { sized } from './size';

const FANOUT = sized(1_000, 3, 'BENCH_FANOUT');
/** Open SOS re-rung during the second fan-out, each every RERING_MS (a `repeat` step's ring, spread over the sweeps). */
const OPEN_SOS = sized(300, 3, 'BENCH_OPEN_SOS');
const RERING_MS = 5_000;
/**
 * How long the re-rings run before the measured SOS: the consoles' reminders are under way. Where
 * in a console's REMIND_MS the SOS falls is not aligned: the app's own escalation rings the
 * consoles too (the earlier SOS's steps), which moves each console's next reminder.
 */
const RERING_LEAD_MS = sized(3_000, 300);
/** After the SOS, how long the consoles count the reminders they get: one whole interval. */
const REMINDERS_WINDOW_MS = sized(REMIND_MS + 500, 100);
/** The target (README "Tests"): one SOS at 1,000 consoles, the last within 150 ms. */
const FANOUT_LAST_MS = 150;

const f = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** A session of the user's, as a console logs in with it. */
export async function sessionFor(app: FastifyInstance, userId: number, tenantId: number): Promise<string> {
  const token = newToken();
  await insertSession(
    app.db,
    { tokenHash: sha256(token), userId, tenantId, ip: '127.0.0.1' },
    Date.now(),
    SESSION_TTL_MS,
  );
  return token;
}

type Ask = (m: object) => Promise<{ ready?: number; arrivals?: number[]; records?: number[]; reminders?: number }>;

/** An SOS record of the device, enough to ask who its raise tells. */
async function sampleSos(app: FastifyInstance, tenantId: number, imei: string) {
  const [row] = await app.db
    .select()
    .from(alarmRecords)
    .where(and(eq(alarmRecords.tenantId, tenantId), eq(alarmRecords.imei, imei)))
    .limit(1);
  return toAlarmRecord(row!);
}

/** One SOS from `sos` to the connected consoles: the line with its figures. */
async function fanoutOnce(
  app: FastifyInstance,
  sos: { imei: string; client: MqttClient },
  uses: Map<string, number>,
  ask: Ask,
  what: string,
  rung?: () => number,
): Promise<string> {
  await ask({ watch: sos.imei });
  const rungBefore = rung?.() ?? 0;
  const k = (uses.get(sos.imei) ?? 0) + 1;
  uses.set(sos.imei, k);
  let raisedAt = NaN;
  let storedAt = NaN;
  const onRaised = (a: { imei: string }) => {
    if (a.imei === sos.imei) raisedAt = performance.timeOrigin + performance.now();
  };
  const onUplink = (d: { imei: string }, m: { kind: string }) => {
    if (d.imei === sos.imei && m.kind === 'alarm') storedAt = performance.timeOrigin + performance.now();
  };
  app.alarmHub.on('raised', onRaised);
  const releaseUplinks = app.uplinks.use('observer', onUplink);
  const sent = performance.timeOrigin + performance.now();
  const t0 = Date.now();
  sos.client.publish(
    topics.deviceUp(sos.imei),
    JSON.stringify({ kind: 'alarm', alarm: 'sos', id: `bench-fan-${k}`, ts: Date.now() + k * 10_000 }),
    { qos: 1 },
  );
  const { arrivals = [], records = [] } = await ask({ collect: 15_000 });
  app.alarmHub.off('raised', onRaised);
  releaseUplinks();
  // The reminders wait behind the SOS and its records: counted over a whole interval after it.
  const { reminders = 0 } = rung ? await ask({ collect: REMINDERS_WINDOW_MS }) : {};
  const windowS = (Date.now() - t0) / 1000;
  const sorted = arrivals.map((a) => a - sent).sort((a, b) => a - b);
  const recordLast = Math.max(...records.map((a) => a - sent));
  const raised = raisedAt - sent;
  const rerung = rung
    ? ` (${f(rung() - rungBefore)} console rings in the ${windowS.toFixed(1)} s window reached them as ${f(reminders)} reminders, ${f(reminders / FANOUT)} per console)`
    : '';
  return (
    `  fan-out${rung ? ' with open SOS re-rung' : ''}: 1 SOS to ${f(FANOUT)} consoles (${f(FANOUT)} users of the tenant, one connection each, ${what})${rerung}: ` +
    `${sorted.length} received; after the PUBLISH: stored ${f(storedAt - sent)} ms, raised ${f(raised)} ms, first ${f(sorted[0] ?? NaN)} ms, p50 ${f(pct(sorted, 50))} ms, last ${f(sorted.at(-1) ?? NaN)} ms ` +
    `(push to all: ${f((sorted.at(-1) ?? NaN) - raised)} ms after the raise, recipients read afresh; the alarm record 9001 that follows it: ${records.length} received, the last at ${f(recordLast)} ms) ` +
    `(target: all received, the last < ${FANOUT_LAST_MS} ms) ${sorted.length === FANOUT && (sorted.at(-1) ?? Infinity) < FANOUT_LAST_MS ? 'ok' : 'MISSED'}`
  );
}

/**
 * The fan-out's two lines: 1,000 users of the tenant each on a console of the child process, one
 * SOS from `sos`, then one more while the open SOS are re-rung.
 */
export async function fanout(
  app: FastifyInstance,
  url: string,
  tenantId: number,
  sos: { imei: string; client: MqttClient },
  uses: Map<string, number>,
): Promise<string[]> {
  const tag = randomBytes(3).toString('hex');
  const rows = await app.db
    .insert(users)
    .values(
      Array.from({ length: FANOUT }, (_, i) => ({
        tenantId,
        username: `fan_${tag}_${i}`,
        name: `fan ${i}`,
        passwordHash: 'x',
        kind: 'admin' as const,
      })),
    )
    .returning({ id: users.id });
  const consoles = await Promise.all(
    rows.map(async (r) => ({ userId: r.id, token: await sessionFor(app, r.id, tenantId) })),
  );
  // New recipients count at once, not after the 30 s recipient cache.
  app.push.invalidateRecipients(tenantId);
  const child = fork(fileURLToPath(new URL('./alarm-consoles.ts', import.meta.url)), [], {
    execArgv: process.execArgv,
    serialization: 'advanced',
  });
  type Reply = { ready?: number; failure?: string; arrivals?: number[]; records?: number[]; reminders?: number };
  const replies: ((m: Reply) => void)[] = [];
  child.on('message', (m) => replies.shift()?.(m as Reply));
  // A child that dies answers every question still open with why.
  child.on('exit', (code, signal) => {
    for (const reply of replies.splice(0)) reply({ failure: `the consoles' process exited (${signal ?? code})` });
  });
  const ask = (m: object) => new Promise<Reply>((resolve) => (replies.push(resolve), child.send(m)));
  try {
    const connectStart = Date.now();
    // The give-up timer is cleared once the consoles are ready: left running, it held the process
    // open for two minutes after the last bench.
    let giveUp: NodeJS.Timeout | undefined;
    const ready = await Promise.race([
      ask({ url, consoles }),
      new Promise<Reply>((r) => (giveUp = setTimeout(() => r({}), 120_000))),
    ]).finally(() => clearTimeout(giveUp));
    if (ready.ready !== FANOUT)
      return [
        `  fan-out: only ${ready.ready ?? 0} of ${FANOUT} consoles connected within 120 s${ready.failure ? ` (${ready.failure})` : ''} MISSED`,
      ];
    const connectS = (Date.now() - connectStart) / 1000;
    const ids = [
      ...new Set([
        ...(await app.push.audience(await sampleSos(app, tenantId, sos.imei))).told,
        ...rows.map((r) => r.id),
      ]),
    ];
    const lines = [
      await fanoutOnce(app, sos, uses, ask, `connected in ${connectS.toFixed(1)} s, consoles in a child process`),
    ];
    // Again with the earlier phases' SOS open and re-rung: the escalation's rings go through
    // push.ring (coalesced per console, push/reminders.ts), here at a steady rate of our choosing.
    const open = await app.db
      .select()
      .from(alarmRecords)
      .where(
        and(
          eq(alarmRecords.tenantId, tenantId),
          eq(alarmRecords.type, 15),
          isNull(alarmRecords.ackedAt),
          eq(alarmRecords.handleState, 0),
        ),
      )
      .orderBy(desc(alarmRecords.id))
      .limit(OPEN_SOS);
    const perSweep = Math.max(1, Math.ceil((open.length * SWEEP_MS) / RERING_MS));
    let next = 0;
    let rung = 0;
    const timer = setInterval(() => {
      for (let i = 0; i < perSweep && open.length; i++, next++) {
        const row = open[next % open.length]!;
        rung += ids.length;
        void app.push.ring(ids, toAlarmRecord(row), contextOf(row));
      }
    }, SWEEP_MS);
    try {
      await new Promise((r) => setTimeout(r, RERING_LEAD_MS));
      lines.push(
        await fanoutOnce(
          app,
          sos,
          uses,
          ask,
          `${open.length} open SOS re-rung to each console, each every ${RERING_MS / 1000} s`,
          () => rung,
        ),
      );
    } finally {
      clearInterval(timer);
    }
    return lines;
  } finally {
    child.send({ stop: true });
    await new Promise((r) => child.once('exit', r).once('error', r));
  }
}
