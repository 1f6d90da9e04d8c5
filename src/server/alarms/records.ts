import type { AlarmRecord } from '../../shared/alarms/push';
import {
  ALARM_HANDLE,
  ALARM_TYPES,
  SELF_HANDLED_TYPES,
  STRING_CODE_OF,
  SYSTEM_HANDLER,
  type AlarmType,
} from '../../shared/alarms/types';
import { getTableColumns, sql } from 'drizzle-orm';
import { alarmRecords, type AlarmRow } from '../db/schema';
import { rowsOf } from '../db/rows';
import type { Tx } from '../engine/types';
import type { Outcome } from './conditions';
import type { AlarmContext } from './hub';
import type { DeviceProfile } from './profiles';

export type NewAlarm = typeof alarmRecords.$inferInsert;

const COLUMNS = getTableColumns(alarmRecords);
const FIELDS = Object.entries(COLUMNS);

/**
 * Stores new records and answers them as stored, in order. The rows go in as one JSON parameter
 * (`json_populate_recordset`), one statement per run of rows giving the same fields (a field left
 * out gets its default): as drizzle's multi-row insert, a parameter per value, 25 a record,
 * building the statement cost more than the database took to run it
 * (docs/performance.md#fences). The stored rows come back as drizzle would map them.
 */
export async function insertAlarms(tx: Tx, rows: readonly NewAlarm[]): Promise<AlarmRow[]> {
  if (rows.length === 0) return [];
  // Runs, not groups: the ids keep the rows' order.
  const runs: [string, NewAlarm[]][] = [];
  for (const r of rows) {
    const keys = Object.keys(r)
      .filter((k) => r[k as keyof NewAlarm] !== undefined)
      .join(',');
    const last = runs.at(-1);
    if (last?.[0] === keys) last[1].push(r);
    else runs.push([keys, [r]]);
  }
  const out: AlarmRow[] = [];
  for (const [keys, run] of runs) {
    const fields = keys.split(',');
    const names = fields.map((k) => COLUMNS[k as keyof typeof COLUMNS].name);
    const list = sql.raw(names.map((n) => `"${n}"`).join(', '));
    const json = run.map((r) => Object.fromEntries(fields.map((k, i) => [names[i], r[k as keyof NewAlarm]])));
    const res = await tx.execute(sql`
      insert into alarm_records (${list})
      select ${list} from json_populate_recordset(null::alarm_records, ${JSON.stringify(json)}::json)
      returning *`);
    for (const raw of rowsOf<Record<string, unknown>>(res)) {
      const row: Record<string, unknown> = {};
      for (const [key, col] of FIELDS) {
        const v = raw[col.name];
        row[key] = v === null || v === undefined ? null : col.mapFromDriverValue(v);
      }
      out.push(row as AlarmRow);
    }
  }
  return out;
}

/** The record an outcome writes: the alarm itself, or the recovery/online record that ends it. */
export function newAlarm(p: DeviceProfile, o: Outcome, createdAt: Date): NewAlarm {
  const i = o.intent;
  const type: AlarmType = i.t === 'end' ? i.as : i.type;
  const info = ALARM_TYPES[type];
  return {
    tenantId: p.tenantId,
    deviceId: p.id,
    imei: p.imei,
    type,
    recoveredType: i.t === 'end' ? i.type : null,
    code2: STRING_CODE_OF[type] ?? null,
    level: info.level,
    // Chinese, the source language; consoles translate by type.
    title: info.cn,
    value: i.value,
    threshold: i.t === 'start' ? i.threshold : o.threshold,
    lat: p.lat,
    lon: p.lon,
    location: p.installLocation,
    deviceName: p.name,
    deviceKind: p.kind,
    personName: p.personName,
    personPhone: p.personPhone,
    departmentId: p.departmentId,
    userId: p.userId,
    data: i.t === 'end' ? null : (i.data ?? null),
    ts: new Date(i.ts),
    createdAt,
    // Every record gives the same fields, so a batch of them is one statement (insertAlarms).
    ...(SELF_HANDLED_TYPES.includes(type)
      ? { handleState: ALARM_HANDLE.handled, handlerName: SYSTEM_HANDLER, handledAt: createdAt }
      : { handleState: ALARM_HANDLE.pending, handlerName: null, handledAt: null }),
  };
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** A stored row as the service answers and pushes it (alarmRecordSchema). */
export function toAlarmRecord(r: AlarmRow): AlarmRecord {
  return {
    id: r.id,
    type: r.type,
    recoveredType: r.recoveredType,
    code2: r.code2,
    level: r.level,
    title: r.title,
    imei: r.imei,
    deviceName: r.deviceName,
    deviceKind: r.deviceKind,
    personName: r.personName,
    personPhone: r.personPhone,
    value: r.value,
    threshold: r.threshold,
    lat: r.lat,
    lon: r.lon,
    location: r.location,
    ts: iso(r.ts)!,
    createdAt: iso(r.createdAt)!,
    read: r.read,
    handleState: r.handleState,
    handlerName: r.handlerName,
    handleNote: r.handleNote,
    handledAt: iso(r.handledAt),
    ackedAt: iso(r.ackedAt),
    ackedByName: r.ackedByName,
    tenantId: r.tenantId,
  };
}

/** Where it happened, for the push: the call's or record's door-unit fields. */
export function contextOf(r: AlarmRow): AlarmContext {
  const d = r.data ?? {};
  return {
    deviceId: r.deviceId ?? 0,
    departmentId: r.departmentId,
    userId: r.userId,
    community: d.community ?? null,
    building: d.building ?? null,
    unit: d.unit ?? null,
    roomNo: d.roomNo ?? null,
  };
}
