import { and, eq, ne, sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { Code } from '../../shared/api';
import { createdAt, trigramIndexes, ts } from '../../server/db/columns';
import { tenants, users } from '../../server/db/schema-tenancy';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import dutyRecord, { dutyMinutes, dutyOverlaps } from './resource';
import { requireOwnRow } from '../../server/engine/refs';

/** Duty records (/dutyUser); `dutyDate` is the day at UTC midnight, the times HH:MM of that day. */
export const dutyRecords = pgTable(
  'duty_records',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    dutyDate: ts('duty_date').notNull(),
    area: text('area').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    situation: text('situation'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('duty_records', t.area, t.situation),
    index('duty_records_tenant_id_idx').on(t.tenantId, t.id),
    index('duty_records_tenant_date_idx').on(t.tenantId, t.dutyDate, t.id.desc()),
    index('duty_records_tenant_area_idx').on(t.tenantId, t.area),
    index('duty_records_tenant_user_date_idx').on(t.tenantId, t.userId, t.dutyDate),
    index('duty_records_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);

export default defineEntity({
  def: dutyRecord,
  table: dutyRecords,
  computed: {
    // The person's name for the roster calendar (which does not load the user list).
    userName: sql<string>`(select ${qualified(users.name)} from ${users} where ${qualified(users.id)} = ${qualified(dutyRecords.userId)})`,
  },
  hooks: {
    /**
     * The person is a user of the company; the end is after the start; the person has no other
     * duty that day overlapping this one (checked under a per-person lock, so two concurrent
     * writes cannot both pass).
     */
    async beforeWrite(_ctx, tx, values, _input, tenantId, existing) {
      const [current] = existing ? await tx.select().from(dutyRecords).where(eq(dutyRecords.id, existing.id)) : [];
      const row = { ...current, ...values } as {
        dutyDate?: Date;
        startTime?: string;
        endTime?: string;
        userId?: number;
      };
      if (!row.dutyDate || !row.startTime || !row.endTime || !row.userId) return;
      if (values.userId !== undefined) {
        await requireOwnRow(tx, users, Number(values.userId), tenantId);
      }
      if (dutyMinutes(row.endTime) <= dutyMinutes(row.startTime)) fail(Code.BAD_REQUEST, 'dutyEndBeforeStart');
      await tx.execute(sql`select pg_advisory_xact_lock(${7_180_018}, ${Number(row.userId)})`);
      const same = await tx
        .select({ start: dutyRecords.startTime, end: dutyRecords.endTime })
        .from(dutyRecords)
        .where(
          and(
            eq(dutyRecords.tenantId, tenantId),
            eq(dutyRecords.userId, Number(row.userId)),
            eq(dutyRecords.dutyDate, row.dutyDate),
            existing ? ne(dutyRecords.id, existing.id) : undefined,
          ),
        );
      if (same.some((d) => dutyOverlaps(d, { start: row.startTime!, end: row.endTime! })))
        fail(Code.CONFLICT, 'dutyOverlap');
    },
  },
});
