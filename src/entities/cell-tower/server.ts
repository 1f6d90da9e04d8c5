import { sql } from 'drizzle-orm';
import { isPlatformScope } from '../../server/db/scope';
import { defineEntity } from '../../server/engine/registry';
import cellTower from './resource';
import { cellTowers } from './table';

/** Platform-wide rows: super administrators alone read and change them. */
export default defineEntity({
  def: cellTower,
  table: cellTowers,
  readWhere: (scope) => (isPlatformScope(scope) ? undefined : sql`false`),
  // Written by super administrators only, as every platform-wide binding (guardWrite).
});
