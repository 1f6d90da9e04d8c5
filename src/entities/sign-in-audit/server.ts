import { sql } from 'drizzle-orm';
import { authAudit } from './table';
import { isPlatformScope } from '../../server/db/scope';
import { defineEntity } from '../../server/engine/registry';
import signInAuditResource from './resource';

export default defineEntity({
  def: signInAuditResource,
  table: authAudit,
  // Attempts belong to no tenant: only the platform's administrators may see them.
  readWhere: (scope) => (isPlatformScope(scope) ? undefined : sql`false`),
});
