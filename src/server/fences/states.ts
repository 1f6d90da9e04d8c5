import { sql } from 'drizzle-orm';
import type { Exec } from '../alarms/conditions';
import { rowsOf } from '../db/rows';
import type { Db } from '../db/driver';
import { fenceDeviceStates } from '../db/schema';
import type { PairState, Step } from './judge';

/** Device id -> fence id -> the pair's row, as stored. */
export type StoredStates = Map<number, Map<number, PairState>>;

/**
 * The stored states of these devices, in one query with the ids as one array parameter: a
 * parameter each (drizzle's `inArray`) cost more in building the statement than the database
 * took to answer it (docs/performance.md#fences).
 */
export async function readStates(db: Db, deviceIds: readonly number[]): Promise<StoredStates> {
  const out: StoredStates = new Map();
  if (deviceIds.length === 0) return out;
  const rows = await db
    .select({
      fenceId: fenceDeviceStates.fenceId,
      deviceId: fenceDeviceStates.deviceId,
      inside: fenceDeviceStates.inside,
      pendingSince: fenceDeviceStates.pendingSince,
      pendingInside: fenceDeviceStates.pendingInside,
    })
    .from(fenceDeviceStates)
    .where(sql`${fenceDeviceStates.deviceId} = any(${`{${deviceIds.join(',')}}`}::int[])`);
  for (const r of rows) {
    const state: PairState = { inside: r.inside };
    if (r.pendingSince !== null && r.pendingInside !== null)
      Object.assign(state, { pendingSince: r.pendingSince.getTime(), pendingInside: r.pendingInside });
    (out.get(r.deviceId) ?? out.set(r.deviceId, new Map()).get(r.deviceId)!).set(r.fenceId, state);
  }
  return out;
}

/** One write of a pair: the step a fix made (judge.ts), with the fix's time and the dwell it was judged with. */
export type StateChange = Step & {
  fenceId: number;
  deviceId: number;
  /** Fix time, ms. */
  ts: number;
  /** The fence's dwell, ms (0: at once). */
  dwellMs: number;
};

interface Changed {
  fenceId: number;
  deviceId: number;
  inside: boolean;
  /** No row existed: the pair's first known state. */
  inserted: boolean;
}

/**
 * Writes one round (at most one step per pair) in one statement; answers the pairs whose state
 * changed, for their alarms. Replicas judging the same fixes agree through the conditions:
 * - `first` inserts the row unless it exists (`on conflict do nothing`): one replica creates it;
 * - `change` updates only a row whose `inside` differs and, with a dwell, whose stored pending
 *   crossing goes the same way and began at least the dwell before the confirming fix: of two
 *   replicas exactly one gets the row back (the other's update finds `inside` already changed),
 *   and a crossing another replica cancelled meanwhile is not confirmed;
 * - `pend` starts a crossing only where none goes that way yet, `cancel` drops one: neither raises.
 * Pairs of a fence disabled or deleted meanwhile, or of a deleted device, are skipped (their rows
 * are gone, and a first row needs an enabled fence and the device).
 */
export async function applyChanges(db: Exec, round: readonly StateChange[]): Promise<Changed[]> {
  if (round.length === 0) return [];
  const rows = round.map((c) => ({
    op: c.op,
    f: c.fenceId,
    d: c.deviceId,
    i: c.inside,
    ts: c.ts,
    since: 'since' in c ? c.since : c.ts,
    dw: c.dwellMs,
  }));
  const res = await db.execute(sql`
    with x as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(op text, f int, d int, i boolean, ts float8, since float8, dw float8)
    ),
    ins as (
      insert into fence_device_states (fence_id, device_id, inside, since)
      select x.f, x.d, x.i, to_timestamp(x.since / 1000.0)
      from x
      join fences fe on fe.id = x.f and fe.status = 1
      join devices dv on dv.id = x.d
      where x.op = 'first'
      on conflict (fence_id, device_id) do nothing
      returning fence_id, device_id, inside, true as inserted
    ),
    chg as (
      update fence_device_states s
      set inside = x.i, since = case when x.dw > 0 then s.pending_since else to_timestamp(x.since / 1000.0) end, pending_since = null, pending_inside = null
      from x
      where x.op = 'change' and s.fence_id = x.f and s.device_id = x.d and s.inside <> x.i
        and (x.dw <= 0 or (s.pending_inside = x.i and s.pending_since <= to_timestamp((x.ts - x.dw) / 1000.0)))
      returning s.fence_id, s.device_id, s.inside, false as inserted
    ),
    pend as (
      update fence_device_states s
      set pending_since = to_timestamp(x.since / 1000.0), pending_inside = x.i
      from x
      where x.op = 'pend' and s.fence_id = x.f and s.device_id = x.d and s.inside <> x.i and s.pending_inside is distinct from x.i
      returning s.fence_id
    ),
    cancel as (
      update fence_device_states s
      set pending_since = null, pending_inside = null
      from x
      where x.op = 'cancel' and s.fence_id = x.f and s.device_id = x.d and s.inside = x.i and s.pending_inside is not null
      returning s.fence_id
    )
    select fence_id, device_id, inside, inserted from ins
    union all
    select fence_id, device_id, inside, inserted from chg`);
  return rowsOf<{ fence_id: number; device_id: number; inside: boolean; inserted: boolean }>(res).map((r) => ({
    fenceId: Number(r.fence_id),
    deviceId: Number(r.device_id),
    inside: bool(r.inside),
    inserted: bool(r.inserted),
  }));
}

// Drivers answer booleans as booleans; text ('t') is accepted in case a driver's parser is off.
const bool = (v: unknown) => v === true || v === 't' || v === 'true';

/** Splits changes into rounds so a pair that changes twice in one batch is written in order. */
export function roundsOf<T extends Pick<StateChange, 'fenceId' | 'deviceId'>>(changes: readonly T[]): T[][] {
  const seen = new Map<string, number>();
  const out: T[][] = [];
  for (const c of changes) {
    const key = `${c.fenceId}:${c.deviceId}`;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    (out[n] ??= []).push(c);
  }
  return out;
}
