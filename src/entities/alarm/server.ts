import { sql } from 'drizzle-orm';
import { qualified } from '../../server/engine/query';
import { alarmRecords } from './table';
import { defineEntity } from '../../server/engine/registry';
import alarmResource from './resource';

/** Seconds from the record's storing to `at`, whole; null until then. */
const secondsTo = (at: typeof alarmRecords.ackedAt) =>
  sql<number | null>`(extract(epoch from (${qualified(at)} - ${qualified(alarmRecords.createdAt)})))::int`;

/** Alarm records: list, get and export; written by src/server/alarms/engine.ts, read and handled by routes/device/alarm.ts. */
export default defineEntity({
  def: alarmResource,
  table: alarmRecords,
  computed: {
    ackSeconds: secondsTo(alarmRecords.ackedAt),
    handleSeconds: secondsTo(alarmRecords.handledAt),
  },
});
