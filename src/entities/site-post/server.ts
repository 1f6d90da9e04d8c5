import { sql } from 'drizzle-orm';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import sitePost from './resource';
import { sitePosts } from './table';

export default defineEntity({
  def: sitePost,
  table: sitePosts,
  computed: {
    // Managers holding the post who have not left (site_managers.status 3; named by SQL: the
    // manager table references this one, so it cannot be imported here without a cycle).
    staffed: sql<number>`(select count(*)::int from site_managers m where m.tenant_id = ${qualified(sitePosts.tenantId)} and m.post_id = ${qualified(sitePosts.id)} and m.status <> 3)`,
  },
  // The department is the company's: the engine checks every reference (requireOwnRefs).
});
