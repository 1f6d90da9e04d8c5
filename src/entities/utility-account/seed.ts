import { and, asc, eq, inArray } from 'drizzle-orm';
import { demoFleet } from '../../shared/devices/demo';
import { createRng } from '../../shared/prng';
import { devices } from '../../server/db/schema';
import type { Tx } from '../../server/db/driver';
import { buildings } from '../building';
import { communities, demoCommunityId } from '../community';
import { rooms } from '../room';
import { units } from '../unit';
import { settle } from './charging';
import { LEDGER_TYPE, READING_SOURCE, UTILITY_KIND, utilityStateOf } from './resource';
import { utilityAccounts, utilityLedger } from './table';
import { defineSeed } from '../../server/db/entity-seeds';

const DAY_MS = 86_400_000;
const DAYS = 30;

/**
 * Prepaid electricity and water for every room of the demo community (entities/community/seed.ts):
 * meters read through the community site's two 4G gateways (building 1 through the first,
 * building 2 through the second; the simulator's src/sim/meters.ts keeps them reading), an
 * opening deposit and 30 days of daily readings charged at the community's rates (2栋 1单元 has
 * its own electricity rate, to show the override). A few rooms end low (their alarm is raised),
 * one water account in arrears, and one electricity account just above its threshold, which the
 * simulated meter takes below within minutes of `npm start`: a live low-balance alarm.
 */
async function seedUtilities(tx: Tx, tenantId: number, communityId: number, now = Date.now()): Promise<void> {
  const [c] = await tx.select().from(communities).where(eq(communities.id, communityId));
  if (!c) return;
  const gatewayImeis = demoFleet()
    .filter((d) => d.kind === 'gateway4g' && d.scenario === 'community')
    .map((d) => d.imei);
  const gateways = gatewayImeis.length
    ? await tx
        .select({ imei: devices.imei })
        .from(devices)
        .where(and(eq(devices.tenantId, tenantId), inArray(devices.imei, gatewayImeis)))
        .orderBy(asc(devices.imei))
    : [];
  const roomRows = await tx
    .select({
      id: rooms.id,
      unitId: rooms.unitId,
      buildingId: rooms.buildingId,
      communityId: rooms.communityId,
      buildingNo: buildings.number,
      unitNo: units.number,
      unitRate: units.electricityRate,
    })
    .from(rooms)
    .innerJoin(buildings, eq(buildings.id, rooms.buildingId))
    .innerJoin(units, eq(units.id, rooms.unitId))
    .where(eq(rooms.communityId, communityId))
    .orderBy(asc(rooms.id));
  // 2栋1单元: a unit with its own (commercial) electricity rate over the community's.
  const special = roomRows.find((r) => r.buildingNo === 2 && r.unitNo === 1);
  if (special) await tx.update(units).set({ electricityRate: 0.85 }).where(eq(units.id, special.unitId));

  const rng = createRng(17);
  const start = now - DAYS * DAY_MS;
  for (const [i, r] of roomRows.entries()) {
    for (const kind of [UTILITY_KIND.electricity, UTILITY_KIND.water]) {
      const elec = kind === UTILITY_KIND.electricity;
      const rate = elec ? (r.unitId === special?.unitId ? 0.85 : (c.electricityRate ?? 0)) : (c.waterRate ?? 0);
      const threshold = elec ? 20 : 10;
      const perDay = elec ? rng.range(3, 9) : rng.range(0.15, 0.55);
      const days = Array.from({ length: DAYS }, (_, d) => {
        const weekend = new Date(start + (d + 1) * DAY_MS).getUTCDay() % 6 === 0;
        return Math.round(perDay * (weekend ? 1.25 : 1) * rng.range(0.75, 1.25) * 1000) / 1000;
      });
      const used = days.reduce((s, v) => s + v, 0);
      const cost = Math.round(used * rate * 100);
      // Most rooms paid enough; room 3 ends low, room 4 (water) in arrears, room 5 (electricity) just above the threshold.
      let depositFen = elec ? 20_000 : 10_000;
      if (i === 2) depositFen = cost + (elec ? 1_250 : 620);
      if (i === 3 && !elec) depositFen = cost - 380;
      if (i === 4 && elec) depositFen = cost + threshold * 100 + 15;
      if (i === 9 && elec) depositFen = cost + 860;
      depositFen = Math.max(depositFen, 1);
      let register = Math.round(rng.range(elec ? 800 : 60, elec ? 6000 : 400) * 10) / 10;
      let balanceFen = depositFen;
      const meterNo = `${elec ? 'E' : 'W'}${String(c.id).padStart(3, '0')}${String(i + 1).padStart(5, '0')}`;
      const gateway = gateways[r.buildingNo === 1 ? 0 : 1] ?? gateways[0];
      const [a] = await tx
        .insert(utilityAccounts)
        .values({
          tenantId,
          communityId,
          buildingId: r.buildingId,
          unitId: r.unitId,
          roomId: r.id,
          kind,
          meterNo,
          gatewayImei: gateway?.imei ?? null,
          threshold,
          createdAt: new Date(start - DAY_MS),
        })
        .returning();
      const ledger: (typeof utilityLedger.$inferInsert)[] = [
        {
          tenantId,
          accountId: a!.id,
          type: LEDGER_TYPE.topup,
          amountFen: depositFen,
          balanceFen,
          source: READING_SOURCE.manual,
          note: '开户预存',
          at: new Date(start - DAY_MS + 3_600_000),
        },
        {
          tenantId,
          accountId: a!.id,
          type: LEDGER_TYPE.reading,
          reading: register,
          delta: 0,
          rate,
          amountFen: 0,
          balanceFen,
          at: new Date(start),
        },
      ];
      let at = start;
      for (const [d, use] of days.entries()) {
        register = Math.round((register + use) * 1000) / 1000;
        const fen = Math.round(use * rate * 100);
        balanceFen -= fen;
        at = start + (d + 1) * DAY_MS - (d === DAYS - 1 ? 2 * 3_600_000 : 0);
        ledger.push({
          tenantId,
          accountId: a!.id,
          type: LEDGER_TYPE.reading,
          reading: register,
          delta: use,
          rate,
          amountFen: -fen,
          balanceFen,
          at: new Date(at),
        });
      }
      await tx.insert(utilityLedger).values(ledger);
      const [row] = await tx
        .update(utilityAccounts)
        .set({
          balanceFen,
          lastReading: register,
          lastReadAt: new Date(at),
          state: utilityStateOf(balanceFen, threshold * 100),
        })
        .where(eq(utilityAccounts.id, a!.id))
        .returning();
      // Low and in-arrears accounts raise their alarm (state was set from the balance; settle writes the record).
      if (row!.state !== 0) await settle(tx, { ...row!, state: 0 }, new Date(at));
    }
  }
}

export default defineSeed({
  after: ['community'],
  demo: async (tx, { tenantId }) => seedUtilities(tx, tenantId, await demoCommunityId(tx, tenantId)),
});
