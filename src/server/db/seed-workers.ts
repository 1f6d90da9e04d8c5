import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { FENCE_SHAPE, FENCE_TYPE } from '../../shared/geo/fence';
import { DEMO_HOME_SPREAD_M, demoFleet, SCENARIO_SITES } from '../../shared/devices/demo';
import { JF_MIX, ROAM_RADIUS_M } from '../../shared/devices/motion';
import { MAX_MARGIN_M } from '../fences/geometry';
import { PUNCH_SOURCE, type PunchSource, attendancePunches } from '../../entities/attendance-punch';
import { daysBetween, isoWeekday, localDayOf, localInstant } from '../../shared/attendance/days';
import { dayPlan, isWorkday } from '../../shared/attendance/workday';
import { departments, deviceGroups, devices, fenceDevices, fenceGroups, fences, tenants, users } from './schema';
import type { Tx } from './driver';

/** The department the demo site's workers belong to, and the fence around the site. */
export const SITE_DEPARTMENT = 'Construction site';
export const SITE_FENCE = 'Construction site';
/**
 * Metres around the site's centre, sized to what the simulator does there: the site's
 * devices roam ROAM_RADIUS_M (120 m) around homes up to DEMO_HOME_SPREAD_M (100 m) from the centre;
 * a locator's Wi-Fi fix lands up to half its accuracy (40 m) off; and a fix must be beyond the
 * boundary by up to MAX_MARGIN_M (100 m) to count as out. That is 360 m; 400 m leaves room. (The
 * 300 m fence of before was left by Wi-Fi and cell-tower fixes of the locators every few minutes.)
 */
export const SITE_FENCE_RADIUS_M = 400;
/** What the site fence must hold, by the sum above; tests check SITE_FENCE_RADIUS_M against it. */
export const SITE_FENCE_NEEDS_M =
  DEMO_HOME_SPREAD_M + ROAM_RADIUS_M.construction + JF_MIX.wifiAccuracyM.max / 2 + MAX_MARGIN_M;
/** Days of punches the demo starts with. */
const HISTORY_DAYS = 30;

/** Kinds a worker wears that punch: helmets (in the site fence) and UWB tags or wristbands (on the floor). */
const WORN_KINDS = ['helmet', 'uwbTag', 'wristband'];
/** Workers without a device of their own: they punch at the console or the gate's face unit. */
const OTHER_WORKERS = [
  { username: 'worker.zhang', name: 'Zhang Wei', source: PUNCH_SOURCE.faceDoor },
  { username: 'worker.li', name: 'Li Na', source: PUNCH_SOURCE.console },
  { username: 'worker.wang', name: 'Wang Qiang', source: PUNCH_SOURCE.faceDoor },
  { username: 'worker.liu', name: 'Liu Yang', source: PUNCH_SOURCE.console },
] as const;
// Never a valid argon2 hash: the demo workers do not log in.
const NO_PASSWORD = '!';

/**
 * The demo site's workers (idempotent): a user (kind 'user', department "Construction site") for
 * each wearable of the construction scenario ("Worker N", bound through devices.user_id) and a few
 * without a device; the site's electronic fence watching the scenario's group; and, when none of
 * them has punched yet, a past month of punches (plausible times: most on time, some late or early,
 * a few days away) so the attendance screens have data on the first start.
 */
export async function seedWorkers(
  tx: Tx,
  tenantId: number,
  opts: { now?: Date; timeZone?: string } = {},
): Promise<{ userIds: number[] }> {
  const now = opts.now ?? new Date();
  const timeZone = opts.timeZone ?? (process.env.TIME_ZONE?.trim() || 'Asia/Shanghai');
  const [dept] = await tx
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.tenantId, tenantId), eq(departments.name, SITE_DEPARTMENT)));
  const departmentId =
    dept?.id ??
    (await tx.insert(departments).values({ tenantId, name: SITE_DEPARTMENT }).returning({ id: departments.id }))[0]!.id;

  const siteImeis = demoFleet()
    .filter((d) => d.scenario === 'construction' && WORN_KINDS.includes(d.kind))
    .map((d) => d.imei);
  const worn = siteImeis.length
    ? await tx
        .select({
          id: devices.id,
          imei: devices.imei,
          kind: devices.kind,
          userId: devices.userId,
          personName: devices.personName,
          personPhone: devices.personPhone,
        })
        .from(devices)
        .where(and(eq(devices.tenantId, tenantId), inArray(devices.imei, siteImeis)))
        .orderBy(devices.id)
    : [];
  const workers: { userId: number; key: string; source: PunchSource; imei?: string }[] = [];
  for (const d of worn) {
    const name = d.personName ?? `Worker ${d.id}`;
    const username = `worker${name.replace(/\D+/g, '') || d.id}`;
    const userId = d.userId ?? (await ensureUser(tx, tenantId, departmentId, username, name, d.personPhone));
    if (d.userId === null)
      await tx
        .update(devices)
        .set({ userId, departmentId })
        .where(and(eq(devices.id, d.id), isNull(devices.userId)));
    workers.push({
      userId,
      key: d.imei,
      source: d.kind === 'helmet' ? PUNCH_SOURCE.helmet : PUNCH_SOURCE.wristband,
      imei: d.imei,
    });
  }
  for (const w of OTHER_WORKERS)
    workers.push({
      userId: await ensureUser(tx, tenantId, departmentId, w.username, w.name, null),
      key: w.username,
      source: w.source,
    });

  await ensureSiteFence(
    tx,
    tenantId,
    worn.map((d) => d.id),
  );

  const userIds = workers.map((w) => w.userId);
  const [had] = await tx
    .select({ n: count() })
    .from(attendancePunches)
    .where(and(eq(attendancePunches.tenantId, tenantId), inArray(attendancePunches.userId, userIds)));
  if ((had?.n ?? 0) === 0) {
    const today = localDayOf(now, timeZone);
    const first = localDayOf(new Date(now.getTime() - HISTORY_DAYS * 86_400_000), timeZone);
    const rows: (typeof attendancePunches.$inferInsert)[] = [];
    for (const day of daysBetween(first, today)) {
      if (!isWorkday(isoWeekday(day))) continue;
      for (const w of workers) {
        const plan = dayPlan(w.key, day);
        if (plan.absent) continue;
        for (const minute of [plan.arrive, plan.noonOut, plan.noonIn, plan.leave]) {
          const at = localInstant(day, minute, timeZone);
          if (at.getTime() > now.getTime()) break;
          rows.push({ tenantId, userId: w.userId, at, source: w.source, imei: w.imei ?? null });
        }
      }
    }
    for (let i = 0; i < rows.length; i += 1000) await tx.insert(attendancePunches).values(rows.slice(i, i + 1000));
  }
  return { userIds };
}

async function ensureUser(
  tx: Tx,
  tenantId: number,
  departmentId: number,
  username: string,
  name: string,
  phone: string | null,
): Promise<number> {
  const [have] = await tx
    .select({ id: users.id, tenantId: users.tenantId })
    .from(users)
    .where(eq(users.username, username));
  if (have)
    return have.tenantId === tenantId
      ? have.id
      : ensureUser(tx, tenantId, departmentId, `${username}.${tenantId}`, name, phone);
  const [taken] = phone ? await tx.select({ id: users.id }).from(users).where(eq(users.phone, phone)) : [];
  const [row] = await tx
    .insert(users)
    .values({
      tenantId,
      departmentId,
      username,
      name,
      phone: taken ? null : phone,
      passwordHash: NO_PASSWORD,
      kind: 'user',
    })
    .returning({ id: users.id });
  return row!.id;
}

/** The keep-in fence around the construction site, watching the scenario's group (else its worn devices). */
async function ensureSiteFence(tx: Tx, tenantId: number, deviceIds: number[]): Promise<void> {
  const [have] = await tx
    .select({ id: fences.id })
    .from(fences)
    .where(and(eq(fences.tenantId, tenantId), eq(fences.name, SITE_FENCE)));
  if (have) return;
  const site = SCENARIO_SITES.construction;
  const [fence] = await tx
    .insert(fences)
    .values({
      tenantId,
      name: SITE_FENCE,
      type: FENCE_TYPE.electronic,
      shape: FENCE_SHAPE.circle,
      radius: SITE_FENCE_RADIUS_M,
      longitude: site.lon,
      latitude: site.lat,
      description: 'Helmets worn inside punch attendance',
    })
    .returning({ id: fences.id });
  const [group] = await tx
    .select({ id: deviceGroups.id })
    .from(deviceGroups)
    .where(and(eq(deviceGroups.tenantId, tenantId), eq(deviceGroups.name, site.en)));
  if (group) await tx.insert(fenceGroups).values({ fenceId: fence!.id, groupId: group.id });
  else if (deviceIds.length)
    await tx.insert(fenceDevices).values(deviceIds.map((deviceId) => ({ fenceId: fence!.id, deviceId })));
}

/**
 * On an existing demo database seeded before the workers: add them (once: a demo site that has
 * the department already was seeded, and what was deleted since stays deleted).
 */
export async function seedWorkersIfMissing(tx: Tx): Promise<void> {
  const [site] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'Demo Site'));
  if (!site) return;
  const [dept] = await tx
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.tenantId, site.id), eq(departments.name, SITE_DEPARTMENT)));
  if (!dept) await seedWorkers(tx, site.id);
}
