/**
 * The shared alarm state in the database: lasting conditions (device_alarm_conditions) and the
 * last one-off per device and type (device_alarm_last). Each round of intents is ONE statement,
 * atomic whichever replica runs it, so a condition raises once and recovers once even when
 * replicas split a device's traffic.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Intent } from './intents';
import { rowsOf } from '../db/rows';

/** Seconds within which a one-off alarm of the same device, type and tag is the same event. */
const DEDUP_S = 5;

/** What an intent came to. */
export interface Outcome {
  intent: Intent;
  /** 'raise': write the alarm; 'end': write the recovery (or online) record. */
  kind: 'raise' | 'end';
  /** The condition's stored value and threshold (an end reports the threshold that was crossed). */
  threshold: number | null;
}

const keyOf = (i: { deviceId: number; type: number }) => `${i.deviceId}:${i.type}`;

/**
 * Splits intents into rounds holding each (device, type) at most once, in arrival order: one
 * upsert may not touch a row twice, and a device's second reading must see its first.
 */
export function rounds(intents: readonly Intent[]): Intent[][] {
  const out: Intent[][] = [];
  const seen = new Map<string, number>();
  for (const i of intents) {
    const k = keyOf(i);
    const n = seen.get(k) ?? 0;
    seen.set(k, n + 1);
    (out[n] ??= []).push(i);
  }
  return out;
}

const at = (col: string) => sql.raw(`to_timestamp(${col} / 1000.0)`);

/** One round: starts upserted, ends deleted, one-offs de-duplicated; what each came to. */
/** The database or a transaction. */
export interface Exec {
  execute(query: SQL): PromiseLike<unknown>;
}

export async function applyRound(db: Exec, round: readonly Intent[]): Promise<Outcome[]> {
  const starts = round
    .filter((i) => i.t === 'start')
    .map((i) => ({ d: i.deviceId, ty: i.type, ts: i.ts, due: i.dueAt, v: i.value, th: i.threshold }));
  const ends = round.filter((i) => i.t === 'end').map((i) => ({ d: i.deviceId, ty: i.type }));
  const onces = round.filter((i) => i.t === 'once').map((i) => ({ d: i.deviceId, ty: i.type, ts: i.ts, tag: i.tag }));
  const res = await db.execute(sql`
    with s as (
      insert into device_alarm_conditions (device_id, type, tenant_id, since, due_at, raised, value, threshold)
      select x.d, x.ty, dv.tenant_id, ${at('x.ts')}, ${at('x.due')}, case when x.due <= x.ts then 1 else 0 end, x.v, x.th
      from jsonb_to_recordset(${JSON.stringify(starts)}::jsonb) as x(d int, ty int, ts float8, due float8, v float8, th float8)
      join devices dv on dv.id = x.d
      on conflict (device_id, type) do update set raised = 1, value = excluded.value, threshold = excluded.threshold
        where device_alarm_conditions.raised = 0 and excluded.since >= device_alarm_conditions.due_at
      returning device_id, type, raised, threshold
    ), e as (
      delete from device_alarm_conditions c
      using jsonb_to_recordset(${JSON.stringify(ends)}::jsonb) as x(d int, ty int)
      where c.device_id = x.d and c.type = x.ty
      returning c.device_id, c.type, c.raised, c.threshold
    ), o as (
      insert into device_alarm_last (device_id, type, at, tag)
      select x.d, x.ty, ${at('x.ts')}, x.tag
      from jsonb_to_recordset(${JSON.stringify(onces)}::jsonb) as x(d int, ty int, ts float8, tag text)
      join devices dv on dv.id = x.d
      on conflict (device_id, type) do update set at = excluded.at, tag = excluded.tag
        where device_alarm_last.tag <> excluded.tag
          or abs(extract(epoch from excluded.at - device_alarm_last.at)) >= ${DEDUP_S}
      returning device_id, type
    )
    select 's' as op, device_id, type, raised, threshold from s
    union all select 'e', device_id, type, raised, threshold from e
    union all select 'o', device_id, type, 1, null from o
  `);
  const byKey = new Map(round.map((i) => [keyOf(i), i]));
  const out: Outcome[] = [];
  for (const r of rowsOf<{ op: string; device_id: number; type: number; raised: number; threshold: number | null }>(
    res,
  )) {
    // A pending condition (still inside alarmDuration) that ends or starts writes nothing.
    if (Number(r.raised) !== 1) continue;
    const intent = byKey.get(`${r.device_id}:${r.type}`);
    if (!intent) continue;
    out.push({
      intent,
      kind: r.op === 'e' ? 'end' : 'raise',
      threshold: r.threshold === null ? null : Number(r.threshold),
    });
  }
  return out;
}

/**
 * Keys this process last found without a condition. Normal readings of such keys skip the
 * database for a while, which is most of the traffic. Safe when wrong: if another replica
 * raised the condition meanwhile, its recovery waits at most CLEAR_TTL_MS; nothing is written
 * twice or lost, because raising always goes through the database.
 */
const EVENT_ENDED: ReadonlySet<number> = new Set([2, 4]);

export class ClearKeys {
  static readonly CLEAR_TTL_MS = 60_000;
  private readonly until = new Map<string, number>();

  /**
   * Drops the ends this process may skip: those of readings, which come again soon. Presence and
   * wearing end on one rare event each, which must always reach the database.
   */
  filter(intents: readonly Intent[], now: number): Intent[] {
    return intents.filter((i) => i.t !== 'end' || EVENT_ENDED.has(i.type) || (this.until.get(keyOf(i)) ?? 0) <= now);
  }

  /** After the rounds: ends now clear, starts not. */
  learn(sent: readonly Intent[], now: number): void {
    if (this.until.size > 500_000) this.until.clear();
    for (const i of sent) {
      if (i.t === 'end') this.until.set(keyOf(i), now + ClearKeys.CLEAR_TTL_MS);
      else if (i.t === 'start') this.until.delete(keyOf(i));
    }
  }
}
