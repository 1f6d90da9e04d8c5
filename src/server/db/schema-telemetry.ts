import { doublePrecision, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { devices } from './schema-devices';

/**
 * Per device and metric, minute/hour/day aggregates of the readings: the minute rows kept by the
 * ingest in the statement that stores the readings (src/server/ingest/flush.ts), the hour and day
 * rows from the minute rows every few seconds (src/server/ingest/rollup.ts; readings older than a
 * few minutes go to all three at once). Dashboards and history charts read these, never the raw
 * readings. `grain` is ROLLUP_GRAIN; `bucket` the bucket's start in the
 * console's time zone (TIME_ZONE), so a day is the operators' day.
 */
export const readingRollups = pgTable(
  'reading_rollups',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id').notNull(),
    metric: text('metric').notNull(),
    grain: smallint('grain').notNull(),
    bucket: ts('bucket').notNull(),
    n: integer('n').notNull(),
    sum: doublePrecision('sum').notNull(),
    min: doublePrecision('min').notNull(),
    max: doublePrecision('max').notNull(),
    /**
     * Minute rows only: the count and sum stored since the hour and day rows last took this row
     * in (src/server/ingest/rollup.ts). Not indexed, so the ingest's upserts stay HOT.
     */
    pn: integer('pn').notNull().default(0),
    psum: doublePrecision('psum').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.metric, t.grain, t.bucket] }),
    index('reading_rollups_tenant_idx').on(t.tenantId, t.metric, t.grain, t.bucket),
  ],
);
