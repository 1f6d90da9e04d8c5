import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/driver';
import { devices } from '../../server/db/schema';
import type { Tx } from '../../server/engine/types';
import { rooms } from '../room';
import { unitDoorUnits } from './table';

/** Where a door unit is installed: the unit (unit_door_units) and its community. */
export interface DevicePlace {
  deviceId: number;
  unitId: number;
  communityId: number;
}

/** The unit and community of the company's device `imei`, or undefined when it is installed at none. */
export async function placeOfDevice(db: Db | Tx, tenantId: number, imei: string): Promise<DevicePlace | undefined> {
  const [row] = await db
    .select({ deviceId: devices.id, unitId: unitDoorUnits.unitId, communityId: unitDoorUnits.communityId })
    .from(unitDoorUnits)
    .innerJoin(devices, eq(devices.id, unitDoorUnits.deviceId))
    .where(and(eq(devices.imei, imei), eq(devices.tenantId, tenantId), eq(unitDoorUnits.tenantId, tenantId)));
  return row;
}

/** The rooms behind a door unit (those of the unit it is installed at), by floor and number; none when it is installed nowhere. */
export async function roomsOfDevice(
  db: Db | Tx,
  tenantId: number,
  imei: string,
): Promise<{ id: number; floor: number; number: number; name: string }[]> {
  const place = await placeOfDevice(db, tenantId, imei);
  if (!place) return [];
  return db
    .select({ id: rooms.id, floor: rooms.floor, number: rooms.number, name: rooms.name })
    .from(rooms)
    .where(and(eq(rooms.unitId, place.unitId), eq(rooms.tenantId, tenantId)))
    .orderBy(asc(rooms.floor), asc(rooms.number));
}

/** The door units (device ids) installed at a unit. */
export async function doorUnitsOfUnit(db: Db | Tx, unitId: number): Promise<number[]> {
  return (
    await db.select({ deviceId: unitDoorUnits.deviceId }).from(unitDoorUnits).where(eq(unitDoorUnits.unitId, unitId))
  ).map((r) => r.deviceId);
}
