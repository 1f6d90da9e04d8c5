import { sql } from 'drizzle-orm';
import { tenantApplications } from './table';
import { tenants } from '../tenant/table';
import { users } from '../user/table';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import tenantApplicationResource from './resource';

/** Read-only through the engine; created by tenant/applyEnterprise (src/entities/tenant), changed by review. */
export default defineEntity({
  def: tenantApplicationResource,
  table: tenantApplications,
  computed: {
    tenantName: sql<string | null>`(select ${qualified(tenants.name)} from ${tenants}
      where ${qualified(tenants.id)} = ${qualified(tenantApplications.tenantId)})`,
    applicantName: sql<
      string | null
    >`(select ${qualified(users.name)} from ${users} where ${qualified(users.id)} = ${qualified(tenantApplications.applicantId)})`,
  },
});
