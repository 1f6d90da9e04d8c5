/**
 * The account arithmetic (service only): a reading charges delta x rate, a paid top-up credits
 * once, and either settles the account's state and its low-balance alarm. Every function runs in
 * one transaction with the account row locked, so concurrent readings and callbacks queue.
 */
import { and, eq, sql } from 'drizzle-orm';
import { ALARM_TYPES } from '../../shared/alarms/types';
import { ORDER_STATUS } from '../../shared/payments';
import type { Db } from '../../server/db/driver';
import { alarmRecords, type AlarmRow, devices } from '../../server/db/schema';
import type { Tx } from '../../server/engine/types';
import { buildings } from '../building';
import { communities } from '../community';
import { rooms } from '../room';
import { units } from '../unit';
import {
  LEDGER_TYPE,
  MAX_READING_DELTA,
  READING_SOURCE,
  UTILITY_KIND,
  UTILITY_STATE,
  utilityStateOf,
  type UtilityKind,
} from './resource';
import { rateOf } from './server';
import { utilityAccounts, utilityLedger, utilityTopups } from './table';

type Account = typeof utilityAccounts.$inferSelect;

/**
 * The alarm type a low balance raises: 9 (低电告警, the string code 01 "low battery") is the closest of
 * the fixed 1-34 table (docs/requirements/states-and-codes.md#alarm-types;
 * src/shared/alarms/types.ts: a number is never added here); the record's own title and data say
 * which account and what ran low.
 */
export const LOW_BALANCE_ALARM = 9 as const;
const RECOVERY_ALARM = 19 as const;

export interface ReadingResult {
  accountId: number;
  /** 'ok' charged (or the first reading: the baseline), else the message key of why it was not. */
  key: 'ok' | 'meterReadingLower' | 'meterJumpSuspect';
  chargeFen: number;
  balanceFen: number;
  state: number;
}

const lock = (tx: Tx, id: number) =>
  tx
    .select()
    .from(utilityAccounts)
    .where(eq(utilityAccounts.id, id))
    .for('update')
    .then((r) => r[0]);

/** Yuan per unit for the account: the unit's override first, else the community's, else 0. */
async function rateFor(tx: Tx, accountId: number): Promise<number> {
  const [r] = await tx.select({ rate: rateOf }).from(utilityAccounts).where(eq(utilityAccounts.id, accountId));
  return Number(r?.rate ?? 0);
}

/**
 * A reading of the account's meter (the cumulative register): lower than the last is refused and
 * logged, a jump above MAX_READING_DELTA is held (logged, not charged, the last reading kept), else
 * delta x rate is charged. The first reading only sets the baseline.
 */
export async function applyReading(
  tx: Tx,
  accountId: number,
  register: number,
  at: Date,
  opts: { source?: number; userName?: string } = {},
): Promise<{ result: ReadingResult; alarms: AlarmRow[] }> {
  // A register to the meter's 3 decimals, as deltas are counted: a sum a client made in floating
  // point (2157.4539999999997) must not differ from the same register read again (2157.454).
  const reading = round3(register);
  const a = (await lock(tx, accountId))!;
  const source = opts.source ?? READING_SOURCE.device;
  const base = { tenantId: a.tenantId, accountId: a.id, reading, source, userName: opts.userName ?? null, at };
  const unchanged = (key: ReadingResult['key']): { result: ReadingResult; alarms: AlarmRow[] } => ({
    result: { accountId: a.id, key, chargeFen: 0, balanceFen: a.balanceFen, state: a.state },
    alarms: [],
  });
  if (a.lastReading !== null && reading < a.lastReading) {
    await tx.insert(utilityLedger).values({
      ...base,
      type: LEDGER_TYPE.refused,
      delta: reading - a.lastReading,
      balanceFen: a.balanceFen,
      note: `last ${a.lastReading}`,
    });
    return unchanged('meterReadingLower');
  }
  const delta = a.lastReading === null ? 0 : round3(reading - a.lastReading);
  if (delta > MAX_READING_DELTA[a.kind as UtilityKind]) {
    await tx
      .insert(utilityLedger)
      .values({ ...base, type: LEDGER_TYPE.suspect, delta, balanceFen: a.balanceFen, note: `last ${a.lastReading}` });
    return unchanged('meterJumpSuspect');
  }
  const rate = await rateFor(tx, a.id);
  const chargeFen = Math.round(delta * rate * 100);
  const balanceFen = a.balanceFen - chargeFen;
  await tx
    .update(utilityAccounts)
    .set({ lastReading: reading, lastReadAt: at, balanceFen })
    .where(eq(utilityAccounts.id, a.id));
  // A reading that moved nothing (the same register again) leaves no ledger row.
  if (delta > 0 || a.lastReading === null) {
    await tx
      .insert(utilityLedger)
      .values({ ...base, type: LEDGER_TYPE.reading, delta, rate, amountFen: -chargeFen, balanceFen });
  }
  const alarms = await settle(tx, { ...a, balanceFen }, at);
  return {
    result: {
      accountId: a.id,
      key: 'ok',
      chargeFen,
      balanceFen,
      state: utilityStateOf(balanceFen, toFen(a.threshold)),
    },
    alarms,
  };
}

/**
 * Fulfils a paid top-up: credits its account once (a second call, a replayed callback, finds it
 * credited and changes nothing). The payment's amount must be the top-up's.
 */
export async function creditTopup(
  tx: Tx,
  topupId: number,
  paid: { tenantId: number; amountFen: number; orderNo: string; paidAt: Date | null },
  now: Date,
): Promise<{ credited: boolean; alarms: AlarmRow[] }> {
  const [t] = await tx.select().from(utilityTopups).where(eq(utilityTopups.id, topupId)).for('update');
  if (!t || t.credited || t.tenantId !== paid.tenantId) return { credited: false, alarms: [] };
  if (t.amountFen !== paid.amountFen)
    throw new Error(`top-up ${t.id}: paid ${paid.amountFen} fen for an order of ${t.amountFen}`);
  const a = (await lock(tx, t.accountId))!;
  const balanceFen = a.balanceFen + t.amountFen;
  await tx
    .update(utilityTopups)
    .set({ credited: true, status: ORDER_STATUS.paid, paidAt: paid.paidAt ?? now, orderNo: t.orderNo ?? paid.orderNo })
    .where(eq(utilityTopups.id, t.id));
  await tx.update(utilityAccounts).set({ balanceFen }).where(eq(utilityAccounts.id, a.id));
  await tx.insert(utilityLedger).values({
    tenantId: a.tenantId,
    accountId: a.id,
    type: LEDGER_TYPE.topup,
    amountFen: t.amountFen,
    balanceFen,
    topupId: t.id,
    source: READING_SOURCE.manual,
    note: paid.orderNo,
    at: now,
  });
  return { credited: true, alarms: await settle(tx, { ...a, balanceFen }, now) };
}

/**
 * Mirrors a refunded top-up on its account: debits what the payment has refunded so far and the
 * ledger does not yet show (a refund ledger row names the top-up), so the handler may run again
 * after a failure, and a second partial refund debits only its own part. The balance may go into
 * arrears (the money is back with the payer); the low-balance alarm follows as for a reading.
 */
export async function debitRefund(
  tx: Tx,
  topupId: number,
  refund: { tenantId: number; refundedFen: number; orderNo: string },
  now: Date,
): Promise<{ debitedFen: number; alarms: AlarmRow[] }> {
  const [t] = await tx.select().from(utilityTopups).where(eq(utilityTopups.id, topupId)).for('update');
  if (!t || !t.credited || t.tenantId !== refund.tenantId) return { debitedFen: 0, alarms: [] };
  const [done] = await tx
    .select({ fen: sql<number>`coalesce(-sum(${utilityLedger.amountFen}), 0)::int` })
    .from(utilityLedger)
    .where(and(eq(utilityLedger.topupId, t.id), eq(utilityLedger.type, LEDGER_TYPE.refund)));
  const owed = Math.min(refund.refundedFen, t.amountFen) - (done?.fen ?? 0);
  if (owed <= 0) return { debitedFen: 0, alarms: [] };
  const a = (await lock(tx, t.accountId))!;
  const balanceFen = a.balanceFen - owed;
  await tx.update(utilityAccounts).set({ balanceFen }).where(eq(utilityAccounts.id, a.id));
  await tx.insert(utilityLedger).values({
    tenantId: a.tenantId,
    accountId: a.id,
    type: LEDGER_TYPE.refund,
    amountFen: -owed,
    balanceFen,
    topupId: t.id,
    source: READING_SOURCE.manual,
    note: refund.orderNo,
    at: now,
  });
  return { debitedFen: owed, alarms: await settle(tx, { ...a, balanceFen }, now) };
}

/** The state and alarm of an account after its threshold changed (the next reading would find it later). */
export async function resettle(tx: Tx, accountId: number, now: Date): Promise<{ alarms: AlarmRow[] }> {
  const a = await lock(tx, accountId);
  return { alarms: a ? await settle(tx, a, now) : [] };
}

const toFen = (yuan: number) => Math.round(yuan * 100);
const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * The state the balance puts the account in, and its alarm: one low-balance record when it goes
 * below the threshold (or into arrears) with none open, one recovery record when it is back above.
 * Returns the records written (announced by the caller after the commit).
 */
export async function settle(tx: Tx, a: Account, at: Date): Promise<AlarmRow[]> {
  const state = utilityStateOf(a.balanceFen, toFen(a.threshold));
  const out: AlarmRow[] = [];
  let alarmId = a.alarmId;
  if (state !== UTILITY_STATE.normal && alarmId === null) {
    const [row] = await tx
      .insert(alarmRecords)
      .values(await alarmValues(tx, a, LOW_BALANCE_ALARM, at))
      .returning();
    out.push(row!);
    alarmId = row!.id;
  } else if (state === UTILITY_STATE.normal && alarmId !== null) {
    const [row] = await tx
      .insert(alarmRecords)
      .values(await alarmValues(tx, a, RECOVERY_ALARM, at))
      .returning();
    out.push(row!);
    alarmId = null;
  }
  if (state !== a.state || alarmId !== a.alarmId)
    await tx.update(utilityAccounts).set({ state, alarmId }).where(eq(utilityAccounts.id, a.id));
  return out;
}

async function alarmValues(
  tx: Tx,
  a: Account,
  type: typeof LOW_BALANCE_ALARM | typeof RECOVERY_ALARM,
  at: Date,
): Promise<typeof alarmRecords.$inferInsert> {
  const [where] = await tx
    .select({ room: rooms.name, community: communities.name, building: buildings.name, unit: units.name })
    .from(rooms)
    .innerJoin(communities, eq(communities.id, rooms.communityId))
    .innerJoin(buildings, eq(buildings.id, rooms.buildingId))
    .innerJoin(units, eq(units.id, rooms.unitId))
    .where(eq(rooms.id, a.roomId));
  const [gateway] = a.gatewayImei
    ? await tx
        .select({ id: devices.id, name: devices.name, kind: devices.kind, lat: devices.lat, lon: devices.lon })
        .from(devices)
        .where(and(eq(devices.tenantId, a.tenantId), eq(devices.imei, a.gatewayImei)))
    : [];
  const elec = a.kind === UTILITY_KIND.electricity;
  const low = type === LOW_BALANCE_ALARM;
  const what = elec ? '电费' : '水费';
  return {
    tenantId: a.tenantId,
    deviceId: gateway?.id ?? null,
    imei: a.gatewayImei ?? a.meterNo,
    type,
    recoveredType: low ? null : LOW_BALANCE_ALARM,
    code2: low ? '01' : null,
    level: ALARM_TYPES[type].level,
    title: low ? (a.balanceFen < 0 ? `${what}欠费停用` : `${what}余额不足`) : `${what}余额恢复`,
    value: a.balanceFen / 100,
    threshold: a.threshold,
    lat: gateway?.lat ?? null,
    lon: gateway?.lon ?? null,
    location: where ? `${where.community} ${where.room}` : null,
    deviceName: `${elec ? '电表' : '水表'} ${a.meterNo}`,
    deviceKind: gateway?.kind ?? null,
    data: {
      community: where?.community ?? '',
      building: where?.building ?? '',
      unit: where?.unit ?? '',
      roomNo: where?.room ?? '',
      utility: elec ? 'electricity' : 'water',
      accountId: String(a.id),
      meterNo: a.meterNo,
    },
    ts: at,
    createdAt: at,
  };
}

/** Runs `work` in a transaction and announces the alarm records it wrote once committed. */
export async function withAlarms<T extends { alarms: AlarmRow[] }>(
  db: Db,
  announce: (rows: AlarmRow[]) => void,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const out = await db.transaction(work);
  if (out.alarms.length) announce(out.alarms);
  return out;
}

/** Daily consumption (sum of charged deltas and charges) of an account over the last `days` days, by days of the zone (TIME_ZONE). */
export function dailySql(accountId: number, since: Date, timeZone: string) {
  return sql`select to_char(date_trunc('day', ${utilityLedger.at} at time zone ${timeZone}), 'YYYY-MM-DD') as day, sum(${utilityLedger.delta})::float8 as used, (-sum(${utilityLedger.amountFen}))::int as fen
    from ${utilityLedger} where ${utilityLedger.accountId} = ${accountId} and ${utilityLedger.type} = ${LEDGER_TYPE.reading} and ${utilityLedger.at} >= ${since} group by 1 order by 1`;
}
