import { sql } from 'drizzle-orm';
import { auditLogResource } from '../../shared/resources/audit';
import { auditLog } from '../db/schema';
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
