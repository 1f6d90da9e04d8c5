import { sql } from 'drizzle-orm';
import { auditLogResource, signInAuditResource } from '../../shared/resources/audit';
import { isPlatformScope } from '../db/scope';
import { auditLog, authAudit } from '../db/schema';
import { registerBinding } from '../engine/registry';

export const auditLogBinding = registerBinding({
  def: auditLogResource,
  table: auditLog,
  id: auditLog.id,
  tenantId: auditLog.tenantId,
  columns: {
    at: auditLog.at,
    userId: auditLog.userId,
    action: auditLog.action,
    resource: auditLog.resource,
    rowId: auditLog.rowId,
    tenantId: auditLog.tenantId,
  },
  // The rows as JSON text: what the table cell, the detail and the export show.
  computed: {
    before: sql<string | null>`${auditLog.before}::text`,
    after: sql<string | null>`${auditLog.after}::text`,
  },
});

export const signInAuditBinding = registerBinding({
  def: signInAuditResource,
  table: authAudit,
  id: authAudit.id,
  columns: {
    at: authAudit.at,
    kind: authAudit.kind,
    account: authAudit.account,
    address: authAudit.address,
    outcome: authAudit.outcome,
  },
  // Attempts belong to no tenant: only the platform's administrators may see them.
  readWhere: (scope) => (isPlatformScope(scope) ? undefined : sql`false`),
});
