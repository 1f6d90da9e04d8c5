import { and, eq } from 'drizzle-orm';
import { defineEntity } from '../../server/engine/registry';
import { maskUrl } from '../../shared/cameras';
import camera from './resource';
import { cameras } from './table';

export default defineEntity({
  def: camera,
  table: cameras,
  hooks: {
    decorate: async (_db, rows) => {
      for (const row of rows) if (typeof row.url === 'string') row.url = maskUrl(row.url);
    },
    // A URL saved back from the form still holds `****`: the stored password stays.
    beforeWrite: async (_ctx, tx, values, _input, tenantId, existing) => {
      if (typeof values.url !== 'string' || !/^\w+:\/\/[^:/@\s]*:\*{4}@/.test(values.url)) return;
      const [old] = existing
        ? await tx
            .select({ url: cameras.url })
            .from(cameras)
            .where(and(eq(cameras.id, existing.id), eq(cameras.tenantId, tenantId)))
        : [];
      const password = old && /^\w+:\/\/[^:/@\s]*:([^@\s]*)@/.exec(old.url)?.[1];
      if (password !== undefined && password !== null) values.url = values.url.replace(':****@', `:${password}@`);
    },
  },
});
