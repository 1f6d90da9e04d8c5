import { and, eq, inArray, sql } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import { mallProducts } from '../product/table';
import mallCategory, { MALL_CATEGORY_MAX_DEPTH } from './resource';
import { mallCategories } from './table';

export default defineEntity({
  def: mallCategory,
  table: mallCategories,
  computed: {
    productCount: sql<number>`(select count(*)::int from ${mallProducts} where ${qualified(mallProducts.tenantId)} = ${qualified(mallCategories.tenantId)} and ${qualified(mallProducts.categoryId)} = ${qualified(mallCategories.id)})`,
  },
  hooks: {
    // The parent is the tenant's, not the category itself nor one of its descendants, and the tree stays within MALL_CATEGORY_MAX_DEPTH.
    async beforeWrite(_ctx, tx, values, _input, tenantId, existing) {
      if (values.parentId == null) return;
      let id: number | null = Number(values.parentId);
      let depth = 1;
      while (id != null) {
        if (existing && id === existing.id) fail(Code.BAD_REQUEST, 'mallCategoryCycle');
        const [p] = await tx
          .select({ parentId: mallCategories.parentId })
          .from(mallCategories)
          .where(and(eq(mallCategories.id, id), eq(mallCategories.tenantId, tenantId)));
        if (!p) fail(Code.BAD_REQUEST, 'refInvalid');
        depth++;
        id = p.parentId;
      }
      if (depth > MALL_CATEGORY_MAX_DEPTH) fail(Code.BAD_REQUEST, 'mallCategoryTooDeep');
    },
    async remove(ctx, ids) {
      const [child] = await ctx.db
        .select({ id: mallCategories.id })
        .from(mallCategories)
        .where(inArray(mallCategories.parentId, ids))
        .limit(1);
      if (child && !ids.includes(child.id)) fail(Code.BAD_REQUEST, 'mallCategoryHasChildren');
      const [used] = await ctx.db
        .select({ id: mallProducts.id })
        .from(mallProducts)
        .where(inArray(mallProducts.categoryId, ids))
        .limit(1);
      if (used) fail(Code.BAD_REQUEST, 'mallCategoryInUse');
      // Children first, so a category deleted with its sub-categories passes the restrict.
      const rows = await ctx.db
        .select({ id: mallCategories.id, parentId: mallCategories.parentId })
        .from(mallCategories)
        .where(inArray(mallCategories.id, ids));
      const left = new Set(rows.map((r) => r.id));
      while (left.size) {
        const leaves = rows
          .filter((r) => left.has(r.id) && !rows.some((c) => left.has(c.id) && c.parentId === r.id))
          .map((r) => r.id);
        await ctx.db.delete(mallCategories).where(inArray(mallCategories.id, leaves));
        for (const id of leaves) left.delete(id);
      }
    },
  },
});
