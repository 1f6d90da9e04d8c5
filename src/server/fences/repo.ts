import { and, asc, eq, inArray, notInArray, or } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { FENCE_SHAPE, FENCE_STATUS, openRing, type LonLat } from '../../shared/geo/fence';
import { type FenceInput } from '../../shared/geo/fence-schema';
import type { Db } from '../db/driver';
import { deviceGroups, devices, fenceDevices, fenceDeviceStates, fenceGroups, fences } from '../db/schema';
import { tenantForWrite, tenantWhere, type Scope } from '../db/scope';
import type { Tx } from '../engine/types';
import { fail } from '../lib/api-error';

/** Area centroid of an open ring (shoelace, planar on lon/lat); the vertex mean for a degenerate one. */
function centroid(ring: readonly LonLat[]): LonLat {
  let a = 0;
  let cx = 0;
  let cy = 0;
  const [ox, oy] = ring[0]!;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    // Relative to the first vertex, so large coordinates lose no precision.
    const [xi, yi] = [ring[i]![0] - ox, ring[i]![1] - oy];
    const [xj, yj] = [ring[j]![0] - ox, ring[j]![1] - oy];
    const f = xj * yi - xi * yj;
    a += f;
    cx += (xj + xi) * f;
    cy += (yj + yi) * f;
  }
  if (Math.abs(a) < 1e-15)
    return [ring.reduce((s, p) => s + p[0], 0) / ring.length, ring.reduce((s, p) => s + p[1], 0) / ring.length];
  return [ox + cx / (3 * a), oy + cy / (3 * a)];
}

/** Devices (by IMEI) and groups of `tenantId`; any other, of another tenant or unknown, is refused alike. */
async function resolveTargets(tx: Tx, tenantId: number, imeis: readonly string[], groupIds: readonly number[]) {
  const wanted = [...new Set(imeis)];
  const found = wanted.length
    ? await tx
        .select({ id: devices.id, imei: devices.imei })
        .from(devices)
        .where(and(eq(devices.tenantId, tenantId), inArray(devices.imei, wanted)))
    : [];
  if (found.length !== wanted.length) {
    const known = new Set(found.map((d) => d.imei));
    fail(
      Code.BAD_REQUEST,
      'refInvalid',
      `imeis: not in this company: ${wanted
        .filter((i) => !known.has(i))
        .slice(0, 10)
        .join(', ')}`,
    );
  }
  const groups = [...new Set(groupIds)];
  const foundGroups = groups.length
    ? await tx
        .select({ id: deviceGroups.id })
        .from(deviceGroups)
        .where(and(eq(deviceGroups.tenantId, tenantId), inArray(deviceGroups.id, groups)))
    : [];
  if (foundGroups.length !== groups.length) fail(Code.BAD_REQUEST, 'refInvalid', 'groupIds: not in this company');
  return { deviceIds: found.map((d) => d.id), groupIds: groups };
}

/** A validated add body, or an update body (whose omitted status keeps the stored one). */
type FenceSave = Omit<FenceInput, 'status'> & { status?: FenceInput['status']; id?: number };

/** The stored columns of a validated body (an undefined status is left out of the update). */
function columnsOf(input: FenceSave) {
  const polygon = input.shape === FENCE_SHAPE.polygon;
  const ring = polygon && input.points ? openRing(input.points) : null;
  const [lon, lat] = ring ? centroid(ring) : [input.longitude!, input.latitude!];
  return {
    name: input.name,
    type: input.type,
    shape: input.shape,
    status: input.status,
    radius: polygon ? null : input.radius!,
    longitude: lon,
    latitude: lat,
    points: ring,
    description: input.description ?? null,
    // Omitted on update: kept (the console's form does not carry it).
    ...(input.dwell !== undefined || input.id === undefined ? { dwellS: input.dwell ?? null } : {}),
  };
}

/**
 * Creates or changes a fence with its assignments in one transaction; answers its id and tenant.
 * On update, omitted `imeis`/`groupIds` keep the assignment; given ones replace it. States of
 * devices the fence no longer watches, and all of a disabled fence's, are dropped, so a device
 * starts afresh when it is watched again.
 */
export async function saveFence(
  db: Db,
  scope: Scope,
  input: FenceSave,
  now: Date,
): Promise<{ id: number; tenantId: number }> {
  return db.transaction(async (tx) => {
    let tenantId = tenantForWrite(scope);
    if (input.id !== undefined) {
      const [row] = await tx
        .select({ tenantId: fences.tenantId })
        .from(fences)
        .where(and(eq(fences.id, input.id), tenantWhere(scope, fences)));
      if (!row) fail(Code.NOT_FOUND, 'notFound');
      tenantId = row.tenantId;
    }
    const targets = await resolveTargets(tx, tenantId, input.imeis ?? [], input.groupIds ?? []);
    let id = input.id;
    if (id === undefined) {
      const [row] = await tx
        .insert(fences)
        .values({ tenantId, ...columnsOf(input), createdAt: now, updatedAt: now })
        .returning({ id: fences.id });
      id = row!.id;
    } else
      await tx
        .update(fences)
        .set({ ...columnsOf(input), updatedAt: now })
        .where(eq(fences.id, id));
    const fenceId = id;
    if (input.imeis !== undefined || input.id === undefined) {
      await tx.delete(fenceDevices).where(eq(fenceDevices.fenceId, fenceId));
      if (targets.deviceIds.length)
        await tx.insert(fenceDevices).values(targets.deviceIds.map((deviceId) => ({ fenceId, deviceId })));
    }
    if (input.groupIds !== undefined || input.id === undefined) {
      await tx.delete(fenceGroups).where(eq(fenceGroups.fenceId, fenceId));
      if (targets.groupIds.length)
        await tx.insert(fenceGroups).values(targets.groupIds.map((groupId) => ({ fenceId, groupId })));
    }
    if (input.id !== undefined) await dropStaleStates(tx, fenceId, input.status === FENCE_STATUS.disabled);
    return { id: fenceId, tenantId };
  });
}

async function dropStaleStates(tx: Tx, fenceId: number, all: boolean) {
  if (all) {
    await tx.delete(fenceDeviceStates).where(eq(fenceDeviceStates.fenceId, fenceId));
    return;
  }
  const direct = tx.select({ id: fenceDevices.deviceId }).from(fenceDevices).where(eq(fenceDevices.fenceId, fenceId));
  const grouped = tx.select({ id: fenceGroups.groupId }).from(fenceGroups).where(eq(fenceGroups.fenceId, fenceId));
  const watched = tx
    .select({ id: devices.id })
    .from(devices)
    .where(or(inArray(devices.id, direct), inArray(devices.groupId, grouped)));
  await tx
    .delete(fenceDeviceStates)
    .where(and(eq(fenceDeviceStates.fenceId, fenceId), notInArray(fenceDeviceStates.deviceId, watched)));
}

/** A fence of the caller's scope, or "not found" (another tenant's included). */
async function fenceInScope(db: Db, scope: Scope, id: number) {
  const [row] = await db
    .select({ id: fences.id, tenantId: fences.tenantId, points: fences.points })
    .from(fences)
    .where(and(eq(fences.id, id), tenantWhere(scope, fences)));
  if (!row) fail(Code.NOT_FOUND, 'notFound');
  return row;
}

/**
 * The devices (IMEIs) and groups a fence is assigned to, and its polygon ring (the generic
 * `fence/get` row has no place for it; the editor needs it for disabled fences too).
 */
export async function assignmentsOf(db: Db, scope: Scope, id: number) {
  const fence = await fenceInScope(db, scope, id);
  const [imeis, groups] = await Promise.all([
    db
      .select({ imei: devices.imei })
      .from(fenceDevices)
      .innerJoin(devices, eq(devices.id, fenceDevices.deviceId))
      .where(eq(fenceDevices.fenceId, id))
      .orderBy(asc(devices.imei)),
    db
      .select({ id: deviceGroups.id, name: deviceGroups.name })
      .from(fenceGroups)
      .innerJoin(deviceGroups, eq(deviceGroups.id, fenceGroups.groupId))
      .where(eq(fenceGroups.fenceId, id))
      .orderBy(asc(deviceGroups.id)),
  ]);
  return { id, imeis: imeis.map((r) => r.imei), groupIds: groups.map((g) => g.id), groups, points: fence.points };
}

/** Enabled fences of the caller's own tenant with their geometry (the map draws them). */
export function activeFences(db: Db, scope: Scope) {
  return db
    .select({
      id: fences.id,
      name: fences.name,
      type: fences.type,
      shape: fences.shape,
      status: fences.status,
      radius: fences.radius,
      longitude: fences.longitude,
      latitude: fences.latitude,
      points: fences.points,
      description: fences.description,
    })
    .from(fences)
    .where(and(eq(fences.tenantId, scope.tenantId), eq(fences.status, FENCE_STATUS.enabled)))
    .orderBy(asc(fences.id));
}

/** Devices currently inside a fence, as stored by the evaluator. */
export async function devicesInside(db: Db, scope: Scope, id: number) {
  await fenceInScope(db, scope, id);
  return db
    .select({ imei: devices.imei, name: devices.name, since: fenceDeviceStates.since })
    .from(fenceDeviceStates)
    .innerJoin(devices, eq(devices.id, fenceDeviceStates.deviceId))
    .where(and(eq(fenceDeviceStates.fenceId, id), eq(fenceDeviceStates.inside, true)))
    .orderBy(asc(devices.imei));
}
