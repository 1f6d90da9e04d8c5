import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/driver';
import { users, devices } from '../db/schema';
import { unitDoorUnits } from '../../entities/unit/table';
import { propertyStaffCommunities, propertyStaffs } from '../../entities/property-staff/table';

/** What a staff member may be routed: a door unit's call (push 5081) or an SOS (push 9003). */
type DutyNotice = 'doorCall' | 'sos';

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether a staff member is on duty at `now`: the flag, or inside the daily hours (service's local
 * time; an end before the start runs past midnight, e.g. 20:00-08:00).
 */
export function isOnDuty(s: { onDuty: boolean; dutyStart: string | null; dutyEnd: string | null }, now: Date): boolean {
  if (s.onDuty) return true;
  if (!s.dutyStart || !s.dutyEnd) return false;
  const at = now.getHours() * 60 + now.getMinutes();
  const start = minutes(s.dutyStart);
  const end = minutes(s.dutyEnd);
  return start <= end ? at >= start && at < end : at >= start || at < end;
}

/** A staff member's duty for one community they serve (a member serving two communities is two rows). */
export interface DutyRow {
  userId: number;
  onDuty: boolean;
  dutyStart: string | null;
  dutyEnd: string | null;
  receiveDoorCalls: boolean;
  receiveSos: boolean;
}

/**
 * What routing needs of a company, read at once (two statements) so that a call or an SOS is
 * routed without a statement of its own: the community of each installed door unit (by IMEI),
 * and the staff with an enabled console user of the company, by community served.
 */
export interface DutyRoster {
  communityOf: Map<string, number>;
  staffOf: Map<number, DutyRow[]>;
}

export async function loadDutyRoster(db: Db, tenantId: number): Promise<DutyRoster> {
  const placed = await db
    .select({ imei: devices.imei, communityId: unitDoorUnits.communityId })
    .from(unitDoorUnits)
    .innerJoin(devices, eq(devices.id, unitDoorUnits.deviceId))
    .where(and(eq(devices.tenantId, tenantId), eq(unitDoorUnits.tenantId, tenantId)));
  const staff = await db
    .select({
      communityId: propertyStaffCommunities.communityId,
      userId: propertyStaffs.userId,
      onDuty: propertyStaffs.onDuty,
      dutyStart: propertyStaffs.dutyStart,
      dutyEnd: propertyStaffs.dutyEnd,
      receiveDoorCalls: propertyStaffs.receiveDoorCalls,
      receiveSos: propertyStaffs.receiveSos,
    })
    .from(propertyStaffs)
    .innerJoin(propertyStaffCommunities, eq(propertyStaffCommunities.staffId, propertyStaffs.id))
    .innerJoin(users, eq(users.id, propertyStaffs.userId))
    .where(
      and(
        eq(propertyStaffs.tenantId, tenantId),
        isNotNull(propertyStaffs.userId),
        eq(users.tenantId, tenantId),
        eq(users.status, 1),
      ),
    );
  const staffOf = new Map<number, DutyRow[]>();
  for (const { communityId, userId, ...rest } of staff) {
    const rows = staffOf.get(communityId) ?? staffOf.set(communityId, []).get(communityId)!;
    rows.push({ userId: userId!, ...rest });
  }
  return { communityOf: new Map(placed.map((p) => [p.imei, p.communityId])), staffOf };
}

/**
 * The console users who get a door call or SOS of the device `imei`: the enabled users of the
 * property staff on duty at `now` for the device's community who receive that notice. Undefined
 * when the device is in no community or nobody is on duty there: the caller then pushes to
 * everyone as before, so no call is lost.
 */
export function onDutyFrom(roster: DutyRoster, imei: string, what: DutyNotice, now: Date): number[] | undefined {
  const communityId = roster.communityOf.get(imei);
  if (communityId === undefined) return undefined;
  const staff = (roster.staffOf.get(communityId) ?? []).filter(
    (s) => (what === 'doorCall' ? s.receiveDoorCalls : s.receiveSos) && isOnDuty(s, now),
  );
  const ids = [...new Set(staff.map((s) => s.userId))].sort((a, b) => a - b);
  return ids.length ? ids : undefined;
}
