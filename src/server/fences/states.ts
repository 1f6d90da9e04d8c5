import { inArray, sql } from 'drizzle-orm';
import type { Exec } from '../alarms/conditions';
import { rowsOf } from '../db/rows';
import type { Db } from '../db/driver';
import { fenceDeviceStates } from '../db/schema';

/** Device id -> fence id -> inside, as stored. */
export type StoredStates = Map<number, Map<number, boolean>>;

/** The stored states of these devices, in one query. */
export async function readStates(db: Db, deviceIds: readonly number[]): Promise<StoredStates> {
  const out: StoredStates = new Map();
  if (deviceIds.length === 0) return out;
  const rows = await db
    .select({ fenceId: fenceDeviceStates.fenceId, deviceId: fenceDeviceStates.deviceId, inside: fenceDeviceStates.inside })
    .from(fenceDeviceStates)
    .where(inArray(fenceDeviceStates.deviceId, [...deviceIds]));
  for (const r of rows) (out.get(r.deviceId) ?? out.set(r.deviceId, new Map()).get(r.deviceId)!).set(r.fenceId, r.inside);
  return out;
}

export interface StateChange {
  fenceId: number;
  deviceId: number;
  inside: boolean;
  /** Fix time, ms. */
  ts: number;
}

export interface Changed {
  fenceId: number;
  deviceId: number;
  inside: boolean;
  /** No row existed: the pair's first known state. */
  inserted: boolean;
}

/**
 * Writes one round (at most one change per pair) in one statement. A row changes only when its
 * `inside` differs, so of two replicas judging the same transition exactly one gets it back;
 * `xmax = 0` tells a fresh row from an updated one. Pairs of a fence disabled or deleted
 * meanwhile, or of a deleted device, are skipped.
 */
export async function applyChanges(db: Exec, round: readonly StateChange[]): Promise<Changed[]> {
  if (round.length === 0) return [];
  const rows = round.map((c) => ({ f: c.fenceId, d: c.deviceId, i: c.inside, ts: c.ts }));
  const res = await db.execute(sql`
    insert into fence_device_states (fence_id, device_id, inside, since)
    select x.f, x.d, x.i, to_timestamp(x.ts / 1000.0)
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(f int, d int, i boolean, ts float8)
    join fences fe on fe.id = x.f and fe.status = 1
    join devices dv on dv.id = x.d
    on conflict (fence_id, device_id) do update set inside = excluded.inside, since = excluded.since
      where fence_device_states.inside <> excluded.inside
    returning fence_id, device_id, inside, (xmax = 0) as inserted`);
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
export function roundsOf<T extends StateChange>(changes: readonly T[]): T[][] {
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
