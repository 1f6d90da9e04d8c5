import { sql } from 'drizzle-orm';
import { signInAuditResource } from '../../shared/resources/audit';
import { isPlatformScope } from '../db/scope';
import { authAudit } from '../db/schema';
import { registerBinding } from '../engine/registry';

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
