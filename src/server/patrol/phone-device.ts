import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Code } from '../../shared/api';
import { ALLOCATION_ACTION, STOCK_STATE } from '../../shared/codes';
import { KIND_INFO } from '../../shared/devices/kinds';
import { defaultThingModel } from '../../shared/devices/thing-model';
import { phoneImeiOf } from '../../shared/patrol';
import { deviceAllocations, devices, products, type UserRow } from '../db/schema';
import type { Scope } from '../db/scope';
import { fail } from '../lib/api-error';

/** The product every phone device belongs to: the seed's `P-phone`, made here on a database seeded before the kind existed. */
const PHONE_PRODUCT = 'P-phone';

const phoneColumns = {
  id: devices.id,
  imei: devices.imei,
  tenantId: devices.tenantId,
  userId: devices.userId,
  kind: devices.kind,
  name: devices.name,
  stockState: devices.stockState,
  lat: devices.lat,
  lon: devices.lon,
  locatedAt: devices.locatedAt,
};
export type PhoneRow = { [K in keyof typeof phoneColumns]: (typeof devices.$inferSelect)[K] };

async function phoneProductId(app: FastifyInstance): Promise<number> {
  const find = () => app.db.select({ id: products.id }).from(products).where(eq(products.code, PHONE_PRODUCT));
  const [found] = await find();
  if (found) return found.id;
  await app.db
    .insert(products)
    .values({
      name: KIND_INFO.phone.en,
      code: PHONE_PRODUCT,
      header: KIND_INFO.phone.cn,
      image: '',
      sort: 0,
      thingModel: defaultThingModel('phone'),
    })
    .onConflictDoNothing();
  const [made] = await find();
  return made!.id;
}

/** The caller's phone device, or undefined before their first share. */
export async function findPhone(app: FastifyInstance, scope: Scope): Promise<PhoneRow | undefined> {
  const [row] = await app.db
    .select(phoneColumns)
    .from(devices)
    .where(eq(devices.imei, phoneImeiOf(scope.userId)));
  if (!row) return undefined;
  // Only the caller's own, as its tenant's device: a row that moved (recycled, reallocated) is not theirs to post to.
  const own =
    row.kind === 'phone' &&
    row.tenantId === scope.tenantId &&
    row.userId === scope.userId &&
    row.stockState === STOCK_STATE.bound;
  if (!own) fail(Code.CONFLICT, 'phoneUnavailable');
  return row;
}

/**
 * The caller's phone device, created on their first share: in their tenant, bound to them
 * (devices.userId, stock state bound, so the ingest admits it and the device list, the map and
 * the tracks show it as any device) under the product of its kind.
 */
export async function ensurePhone(app: FastifyInstance, scope: Scope, user: UserRow): Promise<PhoneRow> {
  const have = await findPhone(app, scope);
  if (have) return have;
  const imei = phoneImeiOf(scope.userId);
  const productId = await phoneProductId(app);
  const who = user.name || user.username;
  await app.db.transaction(async (tx) => {
    const [made] = await tx
      .insert(devices)
      .values({
        tenantId: scope.tenantId,
        imei,
        name: `${who} ${KIND_INFO.phone.cn}`,
        kind: 'phone',
        productId,
        stockState: STOCK_STATE.bound,
        userId: scope.userId,
        departmentId: user.departmentId,
        personName: who,
        personPhone: user.phone,
        netType: '4G',
      })
      .onConflictDoNothing()
      .returning({ id: devices.id });
    if (made)
      await tx.insert(deviceAllocations).values({
        tenantId: scope.tenantId,
        fromTenantId: scope.tenantId,
        deviceId: made.id,
        imei,
        action: ALLOCATION_ACTION.bind,
        operatorId: scope.userId,
        operatorName: who,
        note: 'patrol phone',
      });
  });
  // A look-up before the row existed is cached as unknown: the ingest must see it now.
  app.deviceCache.invalidate(imei);
  return (await findPhone(app, scope))!;
}
