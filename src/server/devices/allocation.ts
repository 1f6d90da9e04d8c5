import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { Code } from '../../shared/api';
import { ALLOCATION_ACTION, DEVICE_STATE, STOCK_STATE } from '../../shared/codes';
import type { allocateBody, bindBody } from '../../shared/devices/api';
import type { Db } from '../db/driver';
import { deviceAllocations, devices, departments, tenants, users } from '../db/schema';
import { isPlatformScope, type Scope } from '../db/scope';
import type { Tx } from '../engine/types';
import { fail } from '../lib/api-error';

/** The tenant of the first super administrator: where stock lives before and after a tenant owns it. */
export async function platformTenantId(db: Db | Tx): Promise<number> {
  const [row] = await db
    .select({ tenantId: users.tenantId })
    .from(users)
    .where(eq(users.kind, 'super'))
    .orderBy(asc(users.id))
    .limit(1);
  if (!row) throw new Error('no super administrator: the Platform tenant is unknown');
  return row.tenantId;
}

export interface Operator {
  scope: Scope;
  name: string;
}

type Change = Partial<typeof devices.$inferInsert>;

interface Step {
  action: number;
  /** Stock states the transition starts from. */
  from: readonly number[];
  /** May the caller act on this device (already known to be in scope)? */
  allowed?(scope: Scope, device: { tenantId: number }): boolean;
  /** The new tenant and the column changes. */
  /** Refuses (fail) inside the transaction, e.g. a reference of another tenant. */
  verify?(tx: Tx, device: { tenantId: number }): Promise<void>;
  change(device: { tenantId: number; secretVersion: number }): { tenantId: number; set: Change };
}

/**
 * Moves devices through one stock-flow step: all or nothing in one transaction, one
 * device_allocations row per device. Answers the IMEIs that changed (for cache invalidation).
 */
async function transition(db: Db, op: Operator, ids: number[], step: Step, note?: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const unique = [...new Set(ids)];
    const scoped = isPlatformScope(op.scope) ? undefined : eq(devices.tenantId, op.scope.tenantId);
    const rows = await tx
      .select({
        id: devices.id,
        imei: devices.imei,
        tenantId: devices.tenantId,
        stockState: devices.stockState,
        secretVersion: devices.secretVersion,
      })
      .from(devices)
      .where(and(inArray(devices.id, unique), scoped))
      .for('update');
    if (rows.length !== unique.length) fail(Code.NOT_FOUND, 'notFound');
    for (const d of rows) {
      if (!step.from.includes(d.stockState)) fail(Code.BAD_REQUEST, 'noSuchTransition');
      if (step.allowed && !step.allowed(op.scope, d)) fail(Code.FORBIDDEN, 'noPermission');
      await step.verify?.(tx, d);
    }
    const now = new Date();
    const log: (typeof deviceAllocations.$inferInsert)[] = [];
    for (const d of rows) {
      const { tenantId, set } = step.change(d);
      await tx
        .update(devices)
        .set({ ...set, tenantId, updatedAt: now })
        .where(eq(devices.id, d.id));
      log.push({
        tenantId,
        fromTenantId: d.tenantId,
        deviceId: d.id,
        imei: d.imei,
        action: step.action,
        operatorId: op.scope.userId || null,
        operatorName: op.name,
        note: note || null,
      });
    }
    if (log.length) await tx.insert(deviceAllocations).values(log);
    return rows.map((r) => r.imei);
  });
}

const cleared: Change = { userId: null, groupId: null, departmentId: null };

/** Pending stock-in or recycled -> in stock, in the Platform tenant (super administrators only). */
export async function stockIn(db: Db, op: Operator, ids: number[], note?: string): Promise<string[]> {
  if (!isPlatformScope(op.scope)) fail(Code.FORBIDDEN, 'noPermission');
  const platform = await platformTenantId(db);
  return transition(
    db,
    op,
    ids,
    {
      action: ALLOCATION_ACTION.stockIn,
      from: [STOCK_STATE.pendingIn, STOCK_STATE.recycled],
      change: (d) => ({
        tenantId: platform,
        set: { stockState: STOCK_STATE.inStock, stockInAt: new Date(), ...(d.tenantId !== platform ? cleared : {}) },
      }),
    },
    note,
  );
}

/** In stock, assigned or unbound -> assigned to a tenant (and optionally a department of it). */
export async function allocate(db: Db, op: Operator, body: z.infer<typeof allocateBody>): Promise<string[]> {
  const departmentId = body.departmentId ?? null;
  // A tenant administrator may only move devices within their own tenant. Asked before any
  // lookup, so another tenant's id and one that exists nowhere get the same answer.
  if (!isPlatformScope(op.scope) && body.tenantId !== op.scope.tenantId) fail(Code.FORBIDDEN, 'noPermission');
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, body.tenantId));
  if (!tenant) fail(Code.BAD_REQUEST, 'refInvalid');
  if (departmentId !== null) {
    const [dep] = await db
      .select({ id: departments.id })
      .from(departments)
      .where(and(eq(departments.id, departmentId), eq(departments.tenantId, body.tenantId)));
    if (!dep) fail(Code.BAD_REQUEST, 'refInvalid');
  }
  return transition(
    db,
    op,
    body.ids,
    {
      action: ALLOCATION_ACTION.allocate,
      from: [STOCK_STATE.inStock, STOCK_STATE.assigned, STOCK_STATE.unbound],
      allowed: (scope, d) => isPlatformScope(scope) || (scope.kind === 'admin' && d.tenantId === scope.tenantId),
      change: (d) => ({
        tenantId: body.tenantId,
        set: {
          stockState: STOCK_STATE.assigned,
          ...(d.tenantId !== body.tenantId ? cleared : {}),
          ...(departmentId !== null ? { departmentId } : {}),
        },
      }),
    },
    body.note,
  );
}

/** Assigned or unbound -> bound to a person (and optionally a user of the device's tenant). */
export async function bind(db: Db, op: Operator, body: z.infer<typeof bindBody>): Promise<string[]> {
  const userId = body.userId ?? null;
  return transition(db, op, [body.id], {
    action: ALLOCATION_ACTION.bind,
    from: [STOCK_STATE.assigned, STOCK_STATE.unbound],
    async verify(tx, d) {
      if (userId === null) return;
      const [u] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.tenantId, d.tenantId)));
      if (!u) fail(Code.BAD_REQUEST, 'refInvalid');
    },
    change: (d) => ({
      tenantId: d.tenantId,
      set: {
        stockState: STOCK_STATE.bound,
        ...(body.userId !== undefined ? { userId } : {}),
        ...(body.personName !== undefined ? { personName: body.personName || null } : {}),
        ...(body.personPhone !== undefined ? { personPhone: body.personPhone || null } : {}),
      },
    }),
  });
}

/** Bound -> unbound: the person and user are cleared. */
export async function unbind(db: Db, op: Operator, ids: number[], note?: string): Promise<string[]> {
  return transition(
    db,
    op,
    ids,
    {
      action: ALLOCATION_ACTION.unbind,
      from: [STOCK_STATE.bound],
      change: (d) => ({
        tenantId: d.tenantId,
        set: { stockState: STOCK_STATE.unbound, userId: null, personName: null, personPhone: null },
      }),
    },
    note,
  );
}

/**
 * Assigned, unbound or bound -> recycled into the Platform tenant, not activated, a new secret
 * version (the old MQTT secret stops working) and no person, user, department or group.
 */
export async function recycle(db: Db, op: Operator, ids: number[], note?: string): Promise<string[]> {
  const platform = await platformTenantId(db);
  return transition(
    db,
    op,
    ids,
    {
      action: ALLOCATION_ACTION.recycle,
      from: [STOCK_STATE.assigned, STOCK_STATE.unbound, STOCK_STATE.bound],
      allowed: (scope, d) => isPlatformScope(scope) || (scope.kind === 'admin' && d.tenantId === scope.tenantId),
      change: (d) => ({
        tenantId: platform,
        set: {
          ...cleared,
          stockState: STOCK_STATE.recycled,
          state: DEVICE_STATE.inactive,
          secretVersion: d.secretVersion + 1,
          personName: null,
          personPhone: null,
        },
      }),
    },
    note,
  );
}
