import { count, eq, inArray } from 'drizzle-orm';
import { DEVICE_STATE, STOCK_STATE } from '../../shared/codes';
import { demoFleet, SCENARIO_SITES, type DemoDevice } from '../../shared/devices/demo';
import { DEVICE_KINDS, KIND_INFO, SIM_SCENARIOS, type DeviceKind, type SimScenario } from '../../shared/devices/kinds';
import { defaultThingModel } from '../../shared/devices/thing-model';
import { deviceCategories, deviceGroups, devices, products, tenants, users } from './schema';
import type { Tx } from './driver';

/** Devices in stock in the Platform tenant, for the allocation screens: 869900000000001... */
const DEMO_STOCK_COUNT = 6;
const demoStockImei = (i: number) => `8699${String(i + 1).padStart(11, '0')}`;

const STOCK_KINDS: readonly DeviceKind[] = ['helmet', 'wristband', 'watch', 'smoke', 'gas', 'locator'];

/**
 * Products beside the one per kind: a JT/T 808 tracker product whose terminals are taken without
 * registering and authenticating (terminals that kept their previous platform's code,
 * docs/protocols.md, jt808), beside the kinds' products, which require it (the demo's JT/T 808
 * helmet registers and authenticates under the helmet product).
 */
export const DEMO_EXTRA_PRODUCTS = [
  {
    name: 'JT/T 808 tracker (previous platform)',
    code: 'P-jt808-open',
    header: 'JT/T 808 定位终端（免鉴权）',
    image: '',
    sort: DEVICE_KINDS.length,
    thingModel: defaultThingModel('locator'),
    jt808AuthRequired: false,
  },
] as const;

/**
 * The demo site's devices (src/shared/devices/demo.ts) with the products, categories and groups
 * they belong to: one product per kind, one category per scenario with a child per kind, one
 * group per scenario. Multi-row inserts, so it costs a handful of statements.
 */
export async function seedDevices(tx: Tx, ids: { platformTenantId: number; demoTenantId: number }): Promise<void> {
  const productRows = await tx
    .insert(products)
    .values(
      DEVICE_KINDS.map((kind, i) => ({
        name: KIND_INFO[kind].en,
        code: `P-${kind}`,
        header: KIND_INFO[kind].cn,
        image: '',
        sort: i,
        thingModel: defaultThingModel(kind),
      })).concat(DEMO_EXTRA_PRODUCTS.map((p) => ({ ...p }))),
    )
    .returning({ id: products.id, code: products.code });
  const productOf = new Map(productRows.map((p) => [p.code.slice(2), p.id]));

  const scenarioRows = await tx
    .insert(deviceCategories)
    .values(SIM_SCENARIOS.map((s, i) => ({ name: SCENARIO_SITES[s].en, description: SCENARIO_SITES[s].cn, sort: i })))
    .returning({ id: deviceCategories.id });
  const children = SIM_SCENARIOS.flatMap((s, i) =>
    DEVICE_KINDS.filter((k) => KIND_INFO[k].scenarios.includes(s)).map((kind, j) => ({
      pid: scenarioRows[i]!.id,
      name: KIND_INFO[kind].en,
      kind,
      sort: j,
      description: s,
    })),
  );
  const childRows = await tx
    .insert(deviceCategories)
    .values(children)
    .returning({ id: deviceCategories.id, kind: deviceCategories.kind, description: deviceCategories.description });
  const categoryOf = new Map(childRows.map((c) => [`${c.description}/${c.kind}`, c.id]));

  const groupRows = await tx
    .insert(deviceGroups)
    .values(
      SIM_SCENARIOS.map((s) => ({
        tenantId: ids.demoTenantId,
        name: SCENARIO_SITES[s].en,
        description: SCENARIO_SITES[s].cn,
      })),
    )
    .returning({ id: deviceGroups.id });
  const groupOf = new Map<SimScenario, number>(SIM_SCENARIOS.map((s, i) => [s, groupRows[i]!.id]));

  const fleet = demoFleet().map((d, i) => demoDeviceRow(d, i, ids.demoTenantId, { productOf, categoryOf, groupOf }));
  const stock = STOCK_KINDS.slice(0, DEMO_STOCK_COUNT).map((kind, i) => ({
    tenantId: ids.platformTenantId,
    imei: demoStockImei(i),
    name: `${KIND_INFO[kind].en} (stock ${i + 1})`,
    kind,
    productId: productOf.get(kind) ?? null,
    state: DEVICE_STATE.inactive,
    stockState: STOCK_STATE.inStock,
    stockInAt: new Date(),
    messageType: 'json',
  }));
  await tx.insert(devices).values([...fleet, ...stock]);
  // Sub-devices point at their 4G gateway (the gateway rows exist now).
  const behind = new Map<string, string[]>();
  for (const d of demoFleet()) if (d.gateway) behind.set(d.gateway, [...(behind.get(d.gateway) ?? []), d.imei]);
  for (const [gateway, imeis] of behind) {
    const [g] = await tx.select({ id: devices.id }).from(devices).where(eq(devices.imei, gateway));
    if (g) await tx.update(devices).set({ gatewayId: g.id }).where(inArray(devices.imei, imeis));
  }
}

interface Placement {
  productOf: Map<string, number>;
  categoryOf: Map<string, number>;
  groupOf: Map<SimScenario, number>;
}

/** The row of the demo roster's `i`-th device: its product, category and group, a person for a worn one. */
function demoDeviceRow(d: DemoDevice, i: number, tenantId: number, at: Placement) {
  const { productOf, categoryOf, groupOf } = at;
  const info = KIND_INFO[d.kind];
  return {
    tenantId,
    imei: d.imei,
    name: d.name,
    number: `D${String(i + 1).padStart(4, '0')}`,
    kind: d.kind,
    productId: productOf.get(d.kind) ?? null,
    categoryId: categoryOf.get(`${d.scenario}/${d.kind}`) ?? null,
    groupId: groupOf.get(d.scenario) ?? null,
    model: `${d.kind.toUpperCase()}-1`,
    state: DEVICE_STATE.offline,
    stockState: STOCK_STATE.bound,
    messageType: d.messageType,
    netType: i % 4 === 0 ? 'NB' : '4G',
    lat: d.lat,
    lon: d.lon,
    personName: info.wearable ? `Worker ${i + 1}` : null,
    personPhone: info.wearable ? `139${String(10000000 + i).padStart(8, '0')}` : null,
    installLocation: info.wearable ? null : `${SCENARIO_SITES[d.scenario].en}, point ${i + 1}`,
    sku: JSON.stringify({ imgSrc: '', kind: d.kind }),
  };
}

/**
 * On a demo database seeded before the roster had (some of) its protocol devices (docs/protocols.md):
 * add those a later release brought, once. A site without the MQTT demo fleet (deleted on purpose)
 * is left alone; the protocol devices before the last one it has are not brought back (a site may
 * have deleted them).
 */
export async function seedProtocolDevicesIfMissing(tx: Tx): Promise<void> {
  const [site] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'Demo Site'));
  if (!site) return;
  const roster = demoFleet();
  const wanted = roster.filter((d) => d.protocol);
  const present = new Set(
    (
      await tx
        .select({ imei: devices.imei })
        .from(devices)
        .where(inArray(devices.imei, [roster[0]!.imei, ...wanted.map((d) => d.imei)]))
    ).map((r) => r.imei),
  );
  if (!present.has(roster[0]!.imei)) return;
  const last = wanted.findLastIndex((d) => present.has(d.imei));
  const missing = wanted.slice(last + 1);
  if (!missing.length) return;
  const [productRows, categoryRows, groupRows] = await Promise.all([
    tx.select({ id: products.id, code: products.code }).from(products),
    tx
      .select({ id: deviceCategories.id, kind: deviceCategories.kind, description: deviceCategories.description })
      .from(deviceCategories),
    tx
      .select({ id: deviceGroups.id, name: deviceGroups.name })
      .from(deviceGroups)
      .where(eq(deviceGroups.tenantId, site.id)),
  ]);
  const at: Placement = {
    productOf: new Map(productRows.map((p) => [p.code.slice(2), p.id])),
    categoryOf: new Map(categoryRows.map((c) => [`${c.description}/${c.kind}`, c.id])),
    groupOf: new Map(
      SIM_SCENARIOS.flatMap((s) =>
        groupRows.filter((g) => g.name === SCENARIO_SITES[s].en).map((g) => [s, g.id] as const),
      ),
    ),
  };
  await tx.insert(devices).values(missing.map((d) => demoDeviceRow(d, roster.indexOf(d), site.id, at)));
}

/**
 * On an existing demo database seeded before devices existed: add them. A database that has
 * products already was seeded (its devices may have been deleted on purpose) and is left alone.
 */
export async function seedDevicesIfMissing(tx: Tx): Promise<void> {
  const [site] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'Demo Site'));
  if (!site) return;
  const [[have], [catalogue]] = await Promise.all([
    tx.select({ n: count() }).from(devices),
    tx.select({ n: count() }).from(products),
  ]);
  if ((have?.n ?? 0) > 0 || (catalogue?.n ?? 0) > 0) return;
  const [admin] = await tx
    .select({ tenantId: users.tenantId })
    .from(users)
    .where(eq(users.kind, 'super'))
    .orderBy(users.id)
    .limit(1);
  if (!admin) return;
  await seedDevices(tx, { platformTenantId: admin.tenantId, demoTenantId: site.id });
}
