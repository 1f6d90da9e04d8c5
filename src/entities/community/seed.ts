import { and, eq, inArray } from 'drizzle-orm';
import { demoFleet } from '../../shared/devices/demo';
import type { Tx } from '../../server/db/driver';
import { devices, users } from '../../server/db/schema';
import { buildings } from '../building';
import { propertyCompanies } from '../property-company';
import { propertyStaffCommunities, propertyStaffs } from '../property-staff';
import { unitDoorUnits, units } from '../unit';
import { generateCommunity } from './generate';
import { DEFAULT_NAMING_RULE } from './resource';
import { communities } from './table';
import { defineSeed } from '../../server/db/entity-seeds';

/** The demo community's name (tests and other seeds find it by it). */
const DEMO_COMMUNITY = '阳光花园';

/**
 * The demo company's community on a fresh start: 阳光花园 (2 buildings x 2 units x 6 floors x 2
 * rooms, 48 rooms named by the default rule), managed by a property company, the demo fleet's
 * door units installed at 1栋1单元 and 2栋1单元, and two staff: the demo administrator on duty
 * (door calls and SOS of those door units ring there) and a night guard without a console login.
 */
async function seedCommunity(tx: Tx, tenantId: number): Promise<number> {
  const [company] = await tx
    .insert(propertyCompanies)
    .values({
      tenantId,
      name: '阳光物业服务有限公司',
      contact: '王经理',
      phone: '13800000010',
      address: '深圳市南山区科技园路1号',
    })
    .returning({ id: propertyCompanies.id });
  const [c] = await tx
    .insert(communities)
    .values({
      tenantId,
      name: DEMO_COMMUNITY,
      province: '广东省',
      city: '深圳市',
      district: '南山区',
      address: '科技园路1号',
      area: 32000,
      buildingCount: 2,
      unitCount: 2,
      floorCount: 6,
      roomCount: 2,
      namingRule: DEFAULT_NAMING_RULE,
      electricityRate: 0.62,
      waterRate: 3.5,
      propertyCompanyId: company!.id,
    })
    .returning({ id: communities.id });
  await generateCommunity(tx, tenantId, c!.id);

  const doorImeis = demoFleet()
    .filter((d) => d.kind === 'doorUnit')
    .map((d) => d.imei);
  const doors = doorImeis.length
    ? await tx
        .select({ id: devices.id, imei: devices.imei })
        .from(devices)
        .where(and(eq(devices.tenantId, tenantId), inArray(devices.imei, doorImeis)))
        .orderBy(devices.imei)
    : [];
  const firstUnits = await tx
    .select({ id: units.id })
    .from(units)
    .innerJoin(buildings, eq(buildings.id, units.buildingId))
    .where(and(eq(units.communityId, c!.id), eq(units.number, 1)))
    .orderBy(buildings.number);
  const pairs = doors
    .slice(0, firstUnits.length)
    .map((d, i) => ({ tenantId, unitId: firstUnits[i]!.id, communityId: c!.id, deviceId: d.id }));
  if (pairs.length) await tx.insert(unitDoorUnits).values(pairs);

  const [demo] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.username, 'demo')));
  const staff = await tx
    .insert(propertyStaffs)
    .values([
      {
        tenantId,
        userId: demo?.id ?? null,
        propertyCompanyId: company!.id,
        name: '张管家',
        phone: '13800000011',
        post: '客服管家',
        onDuty: true,
        receiveDoorCalls: true,
        receiveSos: true,
      },
      {
        tenantId,
        userId: null,
        propertyCompanyId: company!.id,
        name: '李保安',
        phone: '13800000012',
        post: '夜班保安',
        onDuty: false,
        dutyStart: '20:00',
        dutyEnd: '08:00',
        receiveDoorCalls: true,
        receiveSos: true,
      },
    ])
    .returning({ id: propertyStaffs.id });
  await tx.insert(propertyStaffCommunities).values(staff.map((s) => ({ tenantId, staffId: s.id, communityId: c!.id })));
  return c!.id;
}

export default defineSeed({
  demo: async (tx, { tenantId }) => {
    await seedCommunity(tx, tenantId);
  },
});

/** The demo community's id (the seeds of the entities inside it look it up). */
export async function demoCommunityId(tx: Tx, tenantId: number): Promise<number> {
  const [row] = await tx
    .select({ id: communities.id })
    .from(communities)
    .where(and(eq(communities.tenantId, tenantId), eq(communities.name, DEMO_COMMUNITY)));
  if (!row) throw new Error(`The demo community ${DEMO_COMMUNITY} is missing: the community seed runs first`);
  return row.id;
}
