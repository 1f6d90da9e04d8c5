import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_STATE } from '../../../src/shared/codes';
import { demoFleet } from '../../../src/shared/devices/demo';
import { DEVICE_KINDS } from '../../../src/shared/devices/kinds';
import { deviceCategories, deviceGroups, devices, productionBatches, products } from '../../../src/server/db/schema';
import { seed } from '../../../src/server/db/seed';
import { DEMO_EXTRA_PRODUCTS } from '../../../src/server/db/seed-devices';
import { tenantId } from '../fixtures';
import { buildTestApp, type TestApp } from '../helper';
import { demoApp } from '../org-helper';

let t: TestApp;
let demoTenant: number;
let platform: number;

beforeAll(async () => {
  ({ t, demoTenant } = await demoApp());
  platform = await tenantId(t.app, 'Platform');
});
afterAll(() => t?.close());

describe('demo seed', () => {
  it('seeds products, categories, groups, the demo fleet and stock', async () => {
    const fleet = demoFleet();
    // One per kind, and a JT/T 808 product that takes terminals without authentication.
    expect(await t.app.db.$count(products)).toBe(DEVICE_KINDS.length + DEMO_EXTRA_PRODUCTS.length);
    const jt808Rules = await t.app.db
      .select({ code: products.code, required: products.jt808AuthRequired })
      .from(products)
      .where(eq(products.jt808AuthRequired, false));
    expect(jt808Rules).toEqual([{ code: 'P-jt808-open', required: false }]);
    expect(await t.app.db.$count(deviceGroups, eq(deviceGroups.tenantId, demoTenant))).toBe(5);
    expect(await t.app.db.$count(deviceCategories, eq(deviceCategories.pid, 0))).toBe(5);
    expect(await t.app.db.$count(devices, eq(devices.tenantId, demoTenant))).toBe(fleet.length);
    const stock = await t.app.db.select().from(devices).where(eq(devices.tenantId, platform));
    expect(stock.map((d) => d.imei).sort()[0]).toBe('869900000000001');
    expect(stock.every((d) => d.stockState === STOCK_STATE.inStock)).toBe(true);
    const [first] = await t.app.db.select().from(devices).where(eq(devices.imei, fleet[0]!.imei));
    expect(first).toMatchObject({
      kind: fleet[0]!.kind,
      stockState: STOCK_STATE.bound,
      state: 0,
      lat: fleet[0]!.lat,
      messageType: fleet[0]!.messageType,
    });
    expect(JSON.parse(first!.sku!)).toMatchObject({ imgSrc: '' });
    const cbor = fleet.find((d) => d.messageType === 'cbor')!;
    expect(
      (await t.app.db.select({ m: devices.messageType }).from(devices).where(eq(devices.imei, cbor.imei)))[0]!.m,
    ).toBe('cbor');
  });

  it('seeds the devices of an existing demo database that has none, once', async () => {
    const fresh = await buildTestApp();
    try {
      const db = fresh.app.db;
      await db.delete(devices);
      await db.delete(deviceGroups);
      await db.delete(deviceCategories);
      // Production batches of the site operations hold their product.
      await db.delete(productionBatches);
      await db.delete(products);
      const opts = { hasher: fresh.app.hasher, production: false };
      expect((await seed(db, opts)).seeded).toBe(false);
      expect(await db.$count(devices)).toBe(demoFleet().length + 6);
      expect(await db.$count(products)).toBe(DEVICE_KINDS.length + DEMO_EXTRA_PRODUCTS.length);
      await db.delete(devices);
      await seed(db, opts);
      expect(await db.$count(devices)).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});
