import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { UserKind } from '../../shared/session';

/**
 * Who is asking. Every repository function over tenant-owned rows takes one, so no query of
 * such rows can be written without deciding whose rows it may see.
 */
export interface Scope {
  userId: number;
  tenantId: number;
  kind: UserKind;
}

/** A table whose rows belong to one tenant. */
type TenantTable = PgTable & { tenantId: PgColumn };

/** Super administrators work across tenants; everybody else sees their own tenant only. */
export function isPlatformScope(scope: Scope): boolean {
  return scope.kind === 'super';
}

/** The tenant filter for `table`: none for super administrators, `tenant_id = own` otherwise. */
export function tenantWhere(scope: Scope, table: TenantTable): SQL | undefined {
  return isPlatformScope(scope) ? undefined : eq(table.tenantId, scope.tenantId);
}

/** `tenantWhere` and-ed with the caller's own conditions (undefined conditions are dropped). */
export function scopedWhere(scope: Scope, table: TenantTable, ...conditions: (SQL | undefined)[]): SQL | undefined {
  return and(tenantWhere(scope, table), ...conditions);
}

/**
 * The tenant a new row gets: a super administrator may name one, everyone else always writes
 * into their own tenant whatever the input says.
 */
export function tenantForWrite(scope: Scope, requested?: number | null): number {
  return isPlatformScope(scope) && requested ? requested : scope.tenantId;
}

/** The service acting for itself (seed, broker hooks): sees every tenant. */
export const SYSTEM_SCOPE: Scope = Object.freeze({ userId: 0, tenantId: 0, kind: 'super' });
