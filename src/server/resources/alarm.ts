import { alarmResource } from '../../shared/resources/alarm';
import { alarmRecords } from '../db/schema';
import { registerBinding } from '../engine/registry';

const COLUMN_NAMES = [
  'title',
  'type',
  'level',
  'imei',
  'deviceName',
  'deviceKind',
  'personName',
  'personPhone',
  'value',
  'threshold',
  'recoveredType',
  'code2',
  'location',
  'lat',
  'lon',
  'ts',
  'read',
  'handleState',
  'handlerName',
  'handleNote',
  'handledAt',
  'tenantId',
  'createdAt',
] as const;

/** Alarm records: list, get and export; written by src/server/alarms/engine.ts, read and handled by routes/device/alarm.ts. */
export const alarmBinding = registerBinding({
  def: alarmResource,
  table: alarmRecords,
  id: alarmRecords.id,
  tenantId: alarmRecords.tenantId,
  columns: Object.fromEntries(COLUMN_NAMES.map((n) => [n, alarmRecords[n]])),
});
