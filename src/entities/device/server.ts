import { and, eq, ilike, inArray, like, sql } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { DEVICE_STATE, STOCK_STATE } from '../../shared/codes';
import { deviceEvents, deviceLocations, deviceReadings, devices } from './table';
import { departments } from '../department/table';
import { users } from '../user/table';
import { isPlatformScope } from '../../server/db/scope';
import { likePattern, qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import type { Row, Tx } from '../../server/engine/types';
import { fail } from '../../server/lib/api-error';
import { platformTenantId } from '../../server/devices/allocation';
import { deviceCategories } from '../device-category/table';
import { deviceGroups } from '../device-group/table';
import { products } from '../device-product/table';
import deviceResource from './resource';

/** A number of the device's last report (`last_values`), null when it never sent it. */
const lastValue = (metric: string) => sql<number | null>`(${devices.lastValues} ->> ${metric})::float8`;

/** Breaker and gateway readings of the last report, the gateway's state and its sub-device count. */
const computed = {
  closed: sql<number | null>`(${devices.lastValues} ->> 'closed')::int`,
  locked: sql<number | null>`(${devices.lastValues} ->> 'locked')::int`,
  voltage: lastValue('voltage'),
  current: lastValue('current'),
  power: lastValue('power'),
  traffic: lastValue('traffic'),
  gatewayState: sql<number | null>`(select g.state from ${devices} g where g.id = ${qualified(devices.gatewayId)})`,
  subDevices: sql<number>`(select count(*)::int from ${devices} sub where sub.gateway_id = ${qualified(devices.id)})`,
};

/** Filters on a reported 0/1 state: 0 also matches a device that never reported it. */
const flagFilter = (metric: 'closed' | 'locked') => (v: unknown) => {
  if (v !== 0 && v !== 1 && v !== '0' && v !== '1') fail(Code.BAD_REQUEST, 'filterInvalid');
  return Number(v) === 1
    ? sql`(${devices.lastValues} ->> ${metric}) = '1'`
    : sql`coalesce(${devices.lastValues} ->> ${metric}, '0') <> '1'`;
};

async function exists(tx: Tx, table: typeof products | typeof deviceCategories, id: number): Promise<boolean> {
  const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id));
  return !!row;
}

/** Group, department and user must belong to the device's tenant; product and category must exist. */
async function checkRefs(tx: Tx, values: Row, tenantId: number): Promise<void> {
  const num = (k: string) => (typeof values[k] === 'number' ? (values[k] as number) : undefined);
  const checks: Promise<boolean>[] = [];
  const productId = num('productId');
  const categoryId = num('categoryId');
  const groupId = num('groupId');
  const departmentId = num('departmentId');
  const userId = num('userId');
  const gatewayId = num('gatewayId');
  if (productId) checks.push(exists(tx, products, productId));
  if (categoryId) checks.push(exists(tx, deviceCategories, categoryId));
  const inTenant = async (q: Promise<unknown[]>) => (await q).length > 0;
  if (groupId)
    checks.push(
      inTenant(
        tx
          .select({ id: deviceGroups.id })
          .from(deviceGroups)
          .where(and(eq(deviceGroups.id, groupId), eq(deviceGroups.tenantId, tenantId))),
      ),
    );
  if (departmentId)
    checks.push(
      inTenant(
        tx
          .select({ id: departments.id })
          .from(departments)
          .where(and(eq(departments.id, departmentId), eq(departments.tenantId, tenantId))),
      ),
    );
  if (userId)
    checks.push(
      inTenant(
        tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, userId), eq(users.tenantId, tenantId))),
      ),
    );
  // A sub-device's gateway is a 4G gateway of its own tenant.
  if (gatewayId)
    checks.push(
      inTenant(
        tx
          .select({ id: devices.id })
          .from(devices)
          .where(and(eq(devices.id, gatewayId), eq(devices.tenantId, tenantId), eq(devices.kind, 'gateway4g'))),
      ),
    );
  for (const ok of await Promise.all(checks)) if (!ok) fail(Code.BAD_REQUEST, 'refInvalid');
}

function checkSku(sku: unknown): void {
  if (typeof sku !== 'string' || sku.trim() === '') return;
  try {
    JSON.parse(sku);
  } catch {
    fail(Code.BAD_REQUEST, 'invalidInput', 'SKU: invalid JSON');
  }
}

/**
 * Devices of a tenant. A tenant administrator's new device is assigned to their tenant; a super
 * administrator's goes into stock in the Platform tenant. The IMEI is the device's MQTT identity,
 * so it is unique platform-wide and never changes (form 'add' only).
 */
export default defineEntity({
  def: deviceResource,
  table: devices,
  computed,
  filters: {
    closed: flagFilter('closed'),
    locked: flagFilter('locked'),
    // Digits have no case: LIKE gives the same rows as ILIKE at a fraction of the cost per row,
    // which is what a broad fragment (a shared TAC prefix) over 100,000 devices spends its time on.
    imei: (v) => {
      if (typeof v !== 'string') fail(Code.BAD_REQUEST, 'filterInvalid');
      const value = (v as string).trim();
      if (!value) return undefined;
      return /[a-z]/i.test(value) ? ilike(devices.imei, likePattern(value)) : like(devices.imei, likePattern(value));
    },
    // One kind, or several (the control panel and audio pushes list the kinds that obey a command): eqMany.
    kind: (v) => {
      const kinds = Array.isArray(v) ? v : [v];
      if (kinds.length > 20 || kinds.some((k) => typeof k !== 'string')) fail(Code.BAD_REQUEST, 'filterInvalid');
      return kinds.length ? inArray(devices.kind, kinds as string[]) : undefined;
    },
  },
  eqMany: ['kind'],
  hooks: {
    async beforeWrite(ctx, tx, values, _input, tenantId, existing) {
      checkSku(values.sku);
      if (values.sku === '') values.sku = null;
      const now = new Date(ctx.app.clock.now());
      if (existing) {
        values.updatedAt = now;
      } else {
        const imei = values.imei as string;
        // Concurrent adds of one IMEI serialise here, so the check below sees the winner's row.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`device:${imei}`}))`);
        const [taken] = await tx.select({ id: devices.id }).from(devices).where(eq(devices.imei, imei));
        if (taken) fail(Code.CONFLICT, 'imeiTaken');
        values.messageType ??= 'json';
        values.state = DEVICE_STATE.inactive;
        if (isPlatformScope(ctx.scope)) {
          tenantId = await platformTenantId(tx);
          values.tenantId = tenantId;
          values.stockState = STOCK_STATE.inStock;
          values.stockInAt = now;
        } else {
          values.stockState = STOCK_STATE.assigned;
        }
      }
      await checkRefs(tx, values, existing?.tenantId ?? tenantId);
    },
    async afterWrite(ctx, tx, id) {
      const [row] = await tx.select({ imei: devices.imei }).from(devices).where(eq(devices.id, id));
      if (row) ctx.app.deviceCache.invalidate(row.imei);
    },
    async remove(ctx, ids) {
      const imeis = await ctx.db.transaction(async (tx) => {
        for (const t of [deviceReadings, deviceLocations, deviceEvents]) {
          const [held] = await tx.select({ id: t.id }).from(t).where(inArray(t.deviceId, ids)).limit(1);
          if (held) fail(Code.CONFLICT, 'deviceHasData');
        }
        return tx.delete(devices).where(inArray(devices.id, ids)).returning({ imei: devices.imei });
      });
      for (const r of imeis) ctx.app.deviceCache.invalidate(r.imei);
    },
  },
});
