import { and, eq, sql } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import { communities } from '../community/table';
import { rooms } from '../room/table';
import { units } from '../unit/table';
import utilityAccount, { UTILITY_KIND, utilityStateOf } from './resource';
import { utilityAccounts } from './table';

/** The rate that applies to an account: its unit's override, else its community's (yuan per kWh or m³). */
export const rateOf = sql<number>`(select coalesce(case when ${qualified(utilityAccounts.kind)} = ${UTILITY_KIND.electricity} then u.electricity_rate else u.water_rate end, case when ${qualified(utilityAccounts.kind)} = ${UTILITY_KIND.electricity} then c.electricity_rate else c.water_rate end) from ${units} u join ${communities} c on c.id = u.community_id where u.id = ${qualified(utilityAccounts.unitId)})`;

export default defineEntity({
  def: utilityAccount,
  table: utilityAccounts,
  computed: { rate: rateOf },
  hooks: {
    // The room must be the tenant's: its unit, building and community are copied; one account per room and kind, one meter number per kind.
    async beforeWrite(_ctx, tx, values, _input, tenantId, existing) {
      if (!existing) {
        const [r] = await tx
          .select({ unitId: rooms.unitId, buildingId: rooms.buildingId, communityId: rooms.communityId })
          .from(rooms)
          .where(and(eq(rooms.id, Number(values.roomId)), eq(rooms.tenantId, tenantId)));
        if (!r) fail(Code.BAD_REQUEST, 'refInvalid');
        Object.assign(values, r);
        const [taken] = await tx
          .select({ id: utilityAccounts.id })
          .from(utilityAccounts)
          .where(
            and(
              eq(utilityAccounts.tenantId, tenantId),
              eq(utilityAccounts.roomId, Number(values.roomId)),
              eq(utilityAccounts.kind, Number(values.kind)),
            ),
          );
        if (taken) fail(Code.BAD_REQUEST, 'utilityAccountExists');
        if (values.threshold === undefined || values.threshold === null)
          values.threshold = Number(values.kind) === UTILITY_KIND.water ? 10 : 20;
        values.state = utilityStateOf(0, Math.round(Number(values.threshold) * 100));
      } else if (values.threshold !== undefined) {
        const [row] = await tx
          .select({ balanceFen: utilityAccounts.balanceFen })
          .from(utilityAccounts)
          .where(eq(utilityAccounts.id, existing.id));
        if (row) values.state = utilityStateOf(row.balanceFen, Math.round(Number(values.threshold ?? 0) * 100));
      }
      if (values.meterNo !== undefined) {
        const [kindRow] = existing
          ? await tx
              .select({ kind: utilityAccounts.kind })
              .from(utilityAccounts)
              .where(eq(utilityAccounts.id, existing.id))
          : [{ kind: Number(values.kind) }];
        const [dup] = await tx
          .select({ id: utilityAccounts.id })
          .from(utilityAccounts)
          .where(
            and(
              eq(utilityAccounts.tenantId, tenantId),
              eq(utilityAccounts.kind, kindRow?.kind ?? 0),
              eq(utilityAccounts.meterNo, String(values.meterNo)),
            ),
          );
        if (dup && dup.id !== existing?.id) fail(Code.BAD_REQUEST, 'meterNoTaken');
      }
    },
  },
});
