import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../server/db/driver';
import { users } from '../../server/db/schema-tenancy';
import { placeOfDevice } from '../unit/place';
import { propertyStaffCommunities, propertyStaffs } from './server';

export { placeOfDevice };

/** What a staff member may be routed: a door unit's call (push 5081) or an SOS (push 9003). */
export type DutyNotice = 'doorCall' | 'sos';

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

/**
 * The console users who get a door call or SOS of the device `imei`: the enabled users of the
 * property staff on duty for the device's community who receive that notice. Undefined when the
 * device is in no community or nobody is on duty there: the caller then pushes to everyone as
 * before, so no call is lost.
 */
export async function onDutyRecipients(db: Db, tenantId: number, imei: string, what: DutyNotice, now: Date): Promise<number[] | undefined> {
  const place = await placeOfDevice(db, tenantId, imei);
  if (!place) return undefined;
  const staff = await db
    .select({ userId: propertyStaffs.userId, onDuty: propertyStaffs.onDuty, dutyStart: propertyStaffs.dutyStart, dutyEnd: propertyStaffs.dutyEnd })
    .from(propertyStaffs)
    .innerJoin(propertyStaffCommunities, eq(propertyStaffCommunities.staffId, propertyStaffs.id))
    .innerJoin(users, eq(users.id, propertyStaffs.userId))
    .where(
      and(
        eq(propertyStaffs.tenantId, tenantId),
        eq(propertyStaffCommunities.communityId, place.communityId),
        isNotNull(propertyStaffs.userId),
        eq(what === 'doorCall' ? propertyStaffs.receiveDoorCalls : propertyStaffs.receiveSos, true),
        eq(users.tenantId, tenantId),
        eq(users.status, 1),
      ),
    );
  const ids = [...new Set(staff.filter((s) => isOnDuty(s, now)).map((s) => s.userId!))].sort((a, b) => a - b);
  return ids.length ? ids : undefined;
}
