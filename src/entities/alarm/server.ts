import { alarmRecords } from '../../server/db/schema-alarms';
import { defineEntity } from '../../server/engine/registry';
import alarmResource from './resource';

/** Alarm records: list, get and export; written by src/server/alarms/engine.ts, read and handled by routes/device/alarm.ts. */
export default defineEntity({ def: alarmResource, table: alarmRecords });
