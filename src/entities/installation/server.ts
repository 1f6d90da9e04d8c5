import { and, eq } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { devices } from '../device/table';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import installation from './resource';
import { installations } from './table';

export default defineEntity({
  def: installation,
  table: installations,
  hooks: {
    // The device must be the row's tenant's; its kind is copied so the list filters by it.
    async beforeWrite(_ctx, tx, values, _input, tenantId) {
      if (values.deviceId === undefined) return;
      const [d] = await tx
        .select({ kind: devices.kind })
        .from(devices)
        .where(and(eq(devices.id, Number(values.deviceId)), eq(devices.tenantId, tenantId)));
      if (!d) fail(Code.BAD_REQUEST, 'refInvalid');
      values.deviceKind = d!.kind;
    },
  },
});
