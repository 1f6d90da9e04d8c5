import { and, eq, ne, sql } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { users } from '../user/table';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import dutyRecord, { dutyMinutes, dutyOverlaps } from './resource';
import { requireOwnRow } from '../../server/engine/refs';
import { dutyRecords } from './table';

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
