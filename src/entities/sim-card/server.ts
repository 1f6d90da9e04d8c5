import { and, eq, ne, sql } from 'drizzle-orm';
import { type PgColumn } from 'drizzle-orm/pg-core';
import { devices } from '../device/table';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import { simPackages } from '../sim-package/table';
import { Code } from '../../shared/api';
import { fail } from '../../server/lib/api-error';
import simCard, { SIM_SOURCE, SIM_STATE } from './resource';
import { simCards } from './table';

const allowance = (column: PgColumn) =>
  sql<number>`(select ${qualified(column)} from ${simPackages} where ${qualified(simPackages.id)} = ${qualified(simCards.packageId)})`;

export default defineEntity({
  def: simCard,
  table: simCards,
  computed: {
    packageDataMb: allowance(simPackages.dataMb),
    packageSms: allowance(simPackages.smsCount),
    packageVoice: allowance(simPackages.voiceMinutes),
  },
  hooks: {
    // ICCIDs are unique in a company; an IMEI (form or import) binds the card to that device of
    // the company, which may have no other card; a new card is activatable, or live active when
    // it comes with an activation time.
    async beforeWrite(_ctx, tx, values, input, tenantId, existing) {
      if (typeof values.iccid === 'string') {
        const [dup] = await tx
          .select({ id: simCards.id })
          .from(simCards)
          .where(
            and(
              eq(simCards.tenantId, tenantId),
              eq(simCards.iccid, values.iccid),
              existing ? ne(simCards.id, existing.id) : undefined,
            ),
          );
        if (dup) fail(Code.BAD_REQUEST, 'iccidTaken');
      }
      if (input.imei !== undefined) {
        const imei = typeof input.imei === 'string' ? input.imei.trim() : '';
        if (!imei) {
          values.imei = null;
          values.deviceId = null;
        } else {
          const [device] = await tx
            .select({ id: devices.id, imei: devices.imei })
            .from(devices)
            .where(and(eq(devices.tenantId, tenantId), eq(devices.imei, imei)));
          if (!device) fail(Code.BAD_REQUEST, 'refInvalid');
          const [other] = await tx
            .select({ id: simCards.id })
            .from(simCards)
            .where(and(eq(simCards.deviceId, device.id), existing ? ne(simCards.id, existing.id) : undefined));
          if (other) fail(Code.BAD_REQUEST, 'deviceHasSim');
          values.imei = device.imei;
          values.deviceId = device.id;
        }
      }
      if (!existing) {
        values.state = values.activatedAt ? SIM_STATE.liveActive : SIM_STATE.activatable;
        values.source = SIM_SOURCE.added;
      }
    },
  },
});
