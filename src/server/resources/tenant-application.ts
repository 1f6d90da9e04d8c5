import { sql } from 'drizzle-orm';
import { tenantApplicationResource } from '../../shared/resources/org';
import { tenantApplications, tenants, users } from '../db/schema';
import { qualified } from '../engine/query';
import { registerBinding } from '../engine/registry';

/** Read-only through the engine; created by applyEnterprise, changed by review (org-actions.ts). */
export const tenantApplicationBinding = registerBinding({
  def: tenantApplicationResource,
  table: tenantApplications,
  id: tenantApplications.id,
  tenantId: tenantApplications.tenantId,
  columns: {
    tenantId: tenantApplications.tenantId,
    contact: tenantApplications.contact,
    phone: tenantApplications.phone,
    note: tenantApplications.note,
    status: tenantApplications.status,
    createdAt: tenantApplications.createdAt,
  },
  computed: {
    tenantName: sql<string | null>`(select ${qualified(tenants.name)} from ${tenants}
      where ${qualified(tenants.id)} = ${qualified(tenantApplications.tenantId)})`,
    applicantName: sql<
      string | null
    >`(select ${qualified(users.name)} from ${users} where ${qualified(users.id)} = ${qualified(tenantApplications.applicantId)})`,
  },
});
