import { inArray, sql } from 'drizzle-orm';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import freightTemplate from './resource';
import { freightTemplates } from './table';

export default defineEntity({
  def: freightTemplate,
  table: freightTemplates,
  computed: { ruleCount: sql<number>`jsonb_array_length(${qualified(freightTemplates.rules)})` },
  hooks: {
    async decorate(db, rows) {
      const ids = rows.map((r) => r.id as number).filter(Boolean);
      if (!ids.length) return;
      const found = await db
        .select({ id: freightTemplates.id, rules: freightTemplates.rules })
        .from(freightTemplates)
        .where(inArray(freightTemplates.id, ids));
      const by = new Map(found.map((f) => [f.id, f.rules]));
      for (const r of rows) r.rules = by.get(r.id as number) ?? [];
    },
  },
});
