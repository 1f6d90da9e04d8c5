import { and, eq, inArray } from 'drizzle-orm';
import { demoFleet, SCENARIO_SITES } from '../../shared/devices/demo';
import { devices, tenants, users } from '../../server/db/schema';
import { fenceDevices, fences } from '../fence';
import type { Tx } from '../../server/engine/types';
import { CHECK_IN_SOURCE } from './resource';
import { localDayTime } from '../../server/supervision';
import { monitoredPersonCheckIns, monitoredPersons } from './table';
import { defineSeed } from '../../server/db/entity-seeds';

/**
 * Radius of each demo person's home fence: the simulator keeps them within it, except when one
 * wanders (src/sim/supervision.ts). Home fences raise at once (dwell 0): a supervisor hears of an
 * exit within a second of the first fix outside (docs/fences.md "Dwell").
 */
const DEMO_FENCE_RADIUS_M = 250;

const PEOPLE = [
  {
    name: '陈建国',
    gender: 1,
    level: 3,
    crimeType: 5,
    reason: '盗窃罪，社区矫正',
    birthDate: '1985-03-12',
    nativePlace: '广东省深圳市',
    emergencyName: '陈丽',
    window: ['08:00', '20:00'],
  },
  {
    name: '刘志强',
    gender: 1,
    level: 2,
    crimeType: 2,
    reason: '危险驾驶罪，缓刑考验',
    birthDate: '1979-11-02',
    nativePlace: '湖南省长沙市',
    emergencyName: '刘芳',
    window: ['08:00', '20:00'],
  },
  {
    name: '王秀英',
    gender: 2,
    level: 1,
    crimeType: 3,
    reason: '非法经营罪，假释监管',
    birthDate: '1990-07-21',
    nativePlace: '江西省赣州市',
    emergencyName: '王磊',
    window: ['08:00', '20:00'],
  },
  // Her window closes early in the morning: most of the day the dashboard counts her check-in as missed.
  {
    name: '赵海波',
    gender: 1,
    level: 2,
    crimeType: 6,
    reason: '寻衅滋事罪，社区矫正',
    birthDate: '1988-01-30',
    nativePlace: '广西壮族自治区南宁市',
    emergencyName: '赵敏',
    window: ['05:00', '06:00'],
  },
  // Wears the community's watch that speaks the watch protocol (docs/protocols.md), not MQTT.
  {
    name: '孙立新',
    gender: 1,
    level: 1,
    crimeType: 2,
    reason: '交通肇事罪，缓刑考验',
    birthDate: '1992-05-18',
    nativePlace: '广东省广州市',
    emergencyName: '孙倩',
    window: ['08:00', '20:00'],
  },
  // Wears the community's 4G health watch on the TRV ("IW") protocol.
  {
    name: '周建国',
    gender: 1,
    level: 1,
    crimeType: 2,
    reason: '危险驾驶罪，缓刑考验',
    birthDate: '1979-09-03',
    nativePlace: '湖南省长沙市',
    emergencyName: '周丽',
    window: ['08:00', '20:00'],
  },
] as const;

const ymd = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The supervision scenario's monitored persons in the demo site: one per supervision ankle
 * bracelet and wristband, each supervised by the demo administrator, inside a home fence (an
 * electronic circle around the device's home that watches the device), with check-ins of the
 * last days. Idempotent: a tenant that has persons is left alone.
 */
async function seedMonitoredPersons(tx: Tx, tenantId: number): Promise<void> {
  const [exists] = await tx
    .select({ id: monitoredPersons.id })
    .from(monitoredPersons)
    .where(eq(monitoredPersons.tenantId, tenantId))
    .limit(1);
  if (exists) return;
  const [supervisor] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.username, 'demo')));
  if (!supervisor) return;
  // The supervision area's bracelets, then the community's watches on the watch and TRV protocols (the last persons').
  const worn = demoFleet().filter(
    (d) =>
      (d.scenario === 'supervision' && (d.kind === 'ankle' || d.kind === 'wristband')) ||
      d.protocol === 'watch' ||
      d.protocol === 'trv',
  );
  const rows = worn.length
    ? await tx
        .select({ id: devices.id, imei: devices.imei, lat: devices.lat, lon: devices.lon })
        .from(devices)
        .where(
          and(
            eq(devices.tenantId, tenantId),
            inArray(
              devices.imei,
              worn.map((d) => d.imei),
            ),
          ),
        )
    : [];
  const site = SCENARIO_SITES.supervision;
  const now = Date.now();
  for (const [i, p] of PEOPLE.entries()) {
    const demo = worn[i];
    const device = demo ? rows.find((r) => r.imei === demo.imei) : undefined;
    const lat = demo?.lat ?? site.lat;
    const lon = demo?.lon ?? site.lon;
    const [fence] = await tx
      .insert(fences)
      .values({
        tenantId,
        name: `${p.name} 居住地围栏`,
        type: 1,
        shape: 0,
        status: 1,
        radius: DEMO_FENCE_RADIUS_M,
        longitude: lon,
        latitude: lat,
        description: '监管人员活动范围',
        dwellS: 0,
      })
      .returning({ id: fences.id });
    if (device) await tx.insert(fenceDevices).values({ fenceId: fence!.id, deviceId: device.id }).onConflictDoNothing();
    const start = new Date(now - (90 + i * 30) * 86_400_000);
    const end = new Date(now + (180 + i * 60) * 86_400_000);
    const [person] = await tx
      .insert(monitoredPersons)
      .values({
        tenantId,
        name: p.name,
        gender: p.gender,
        phone: `1380013${String(1000 + i).padStart(4, '0')}`,
        email: `person${i + 1}@example.com`,
        idNumber:
          `44030119${p.birthDate.slice(2, 4)}${p.birthDate.slice(5, 7)}${p.birthDate.slice(8, 10)}00${String(10 + i)}X`.slice(
            0,
            18,
          ),
        height: 165 + i * 4,
        weight: 58 + i * 6,
        birthDate: p.birthDate,
        nativePlace: p.nativePlace,
        nationality: '汉族',
        supervisorId: supervisor.id,
        level: p.level,
        crimeType: p.crimeType,
        reason: p.reason,
        startDate: ymd(start),
        endDate: ymd(end),
        emergencyName: p.emergencyName,
        emergencyPhone: `1390013${String(2000 + i).padStart(4, '0')}`,
        emergencyAddress: `深圳市福田区莲花街道${i + 1}号`,
        deviceId: device?.id ?? null,
        fenceId: fence!.id,
        checkInStart: p.window[0],
        checkInEnd: p.window[1],
      })
      .returning({ id: monitoredPersons.id });
    // Check-ins of the last week (one day missed each), the device's or the supervisor's.
    const checkIns = [];
    for (let d = 7; d >= 1; d--) {
      if ((d + i) % 4 === 0) continue;
      const at = new Date(now - d * 86_400_000);
      checkIns.push({
        tenantId,
        personId: person!.id,
        day: localDayTime(at.getTime()).day,
        at,
        source: d % 3 === 0 ? CHECK_IN_SOURCE.console : CHECK_IN_SOURCE.device,
        userId: d % 3 === 0 ? supervisor.id : null,
        lat,
        lon,
      });
    }
    if (checkIns.length) {
      await tx.insert(monitoredPersonCheckIns).values(checkIns);
      const last = checkIns[checkIns.length - 1]!;
      await tx
        .update(monitoredPersons)
        .set({ lastCheckInDay: last.day, lastCheckInAt: last.at })
        .where(eq(monitoredPersons.id, person!.id));
    }
  }
}

/** On an existing demo database (upgrade): the persons if the demo site has none yet. */
async function seedMonitoredPersonsIfMissing(tx: Tx): Promise<void> {
  const [site] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'Demo Site'));
  if (site) await seedMonitoredPersons(tx, site.id);
}

export default defineSeed({
  demo: (tx, { tenantId }) => seedMonitoredPersons(tx, tenantId),
  ifMissing: seedMonitoredPersonsIfMissing,
});
