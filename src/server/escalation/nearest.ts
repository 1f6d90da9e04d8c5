import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { isOnDuty, loadDutyRoster } from './roster';
import type { NearbyStaff } from '../../shared/alarms/api';
import { distanceM } from '../../shared/geo/fence';
import type { Db } from '../db/driver';
import { devices, users } from '../db/schema';

/**
 * A fix older than this says little about where the person is now: the `nearest` target passes
 * over it (the SOS dialog still lists it, with its age).
 */
export const NEAREST_FIX_MAX_AGE_MS = 30 * 60_000;
/** What a `nearest` step without its own figures reaches: 3 people within 2 km. */
export const NEAREST_DEFAULT = { count: 3, meters: 2_000 } as const;

/** Where an alarm is: its own position, or its device's last one; null when neither is known. */
export async function alarmPoint(
  db: Db,
  alarm: { lat: number | null; lon: number | null; deviceId: number | null },
): Promise<{ lat: number; lon: number } | null> {
  if (alarm.lat !== null && alarm.lon !== null) return { lat: alarm.lat, lon: alarm.lon };
  if (!alarm.deviceId) return null;
  const [d] = await db
    .select({ lat: devices.lat, lon: devices.lon })
    .from(devices)
    .where(eq(devices.id, alarm.deviceId));
  return d?.lat != null && d.lon != null ? { lat: d.lat, lon: d.lon } : null;
}

/**
 * The staff on duty now (docs/alarms.md "Nearest staff first"): every enabled console user of a
 * property staff member on duty for any community of the company, who takes SOS.
 */
async function staffOnDuty(db: Db, tenantId: number, now: Date): Promise<number[]> {
  const roster = await loadDutyRoster(db, tenantId);
  const ids = new Set<number>();
  for (const rows of roster.staffOf.values())
    for (const s of rows) if (s.receiveSos && isOnDuty(s, now)) ids.add(s.userId);
  return [...ids];
}

/**
 * The on-duty staff by distance from `point`, nearest first: each person's nearest device bound to
 * them (a phone sharing its position, a wearable), with the fix's age. `maxAgeMs` leaves out
 * older fixes, `meters` farther people, `count` the rest.
 */
export async function nearestStaff(
  db: Db,
  tenantId: number,
  point: { lat: number; lon: number },
  now: Date,
  limits: { count: number; meters?: number; maxAgeMs?: number },
): Promise<NearbyStaff[]> {
  const onDuty = await staffOnDuty(db, tenantId, now);
  if (onDuty.length === 0) return [];
  const rows = await db
    .select({
      userId: devices.userId,
      name: users.name,
      username: users.username,
      phone: users.phone,
      imei: devices.imei,
      deviceName: devices.name,
      kind: devices.kind,
      lat: devices.lat,
      lon: devices.lon,
      locatedAt: devices.locatedAt,
    })
    .from(devices)
    .innerJoin(users, eq(users.id, devices.userId))
    .where(
      and(
        eq(devices.tenantId, tenantId),
        inArray(devices.userId, onDuty),
        isNotNull(devices.lat),
        isNotNull(devices.lon),
      ),
    );
  const best = new Map<number, NearbyStaff>();
  for (const r of rows) {
    const fixAt = r.locatedAt ? new Date(r.locatedAt).getTime() : null;
    if (limits.maxAgeMs !== undefined && (fixAt === null || now.getTime() - fixAt > limits.maxAgeMs)) continue;
    const d = Math.round(distanceM([point.lon, point.lat], [r.lon!, r.lat!]));
    if (limits.meters !== undefined && d > limits.meters) continue;
    const seen = best.get(r.userId!);
    if (seen && seen.distanceM <= d) continue;
    best.set(r.userId!, {
      userId: r.userId!,
      name: r.name || r.username,
      phone: r.phone,
      imei: r.imei,
      deviceName: r.deviceName,
      kind: r.kind,
      lat: r.lat!,
      lon: r.lon!,
      distanceM: d,
      fixAt: fixAt === null ? null : new Date(fixAt).toISOString(),
    });
  }
  return [...best.values()].sort((a, b) => a.distanceM - b.distanceM || a.userId - b.userId).slice(0, limits.count);
}
