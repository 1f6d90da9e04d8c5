import { and, eq, inArray, or } from 'drizzle-orm';
import { RESOURCE_TYPE } from '../../shared/session';
import type { Db } from '../db/driver';
import { resources, roleResources, userRoles, users } from '../db/schema';
import type { Clock } from '../lib/clock';
import { TenantCache } from '../lib/tenant-cache';

/** The screens that show alarms: holding any one of them makes a user a recipient of a tenant's pushes. */
export const ALARM_ROUTES = ['AlarmHistory', 'alarmList', 'AlarmHistorytc', 'alarmTongji'] as const;

const TTL_MS = 30_000;
const ENABLED = 1;

/**
 * Enabled users of `tenantId` who may see its alarms: its administrators, and whoever holds an
 * enabled alarm menu through a role of that tenant (the grant rule of repos/navigation.ts).
 * Platform super administrators are not among them unless the tenant itself grants them.
 */
export async function loadRecipients(db: Db, tenantId: number): Promise<number[]> {
  const granted = db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(roleResources, eq(roleResources.roleId, userRoles.roleId))
    .innerJoin(resources, eq(resources.id, roleResources.resourceId))
    .where(
      and(
        eq(userRoles.tenantId, tenantId),
        eq(resources.status, ENABLED),
        eq(resources.type, RESOURCE_TYPE.menu),
        inArray(resources.value, [...ALARM_ROUTES]),
      ),
    );
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.status, ENABLED),
        or(eq(users.kind, 'admin'), inArray(users.id, granted)),
      ),
    )
    .orderBy(users.id);
  return rows.map((r) => r.id);
}

/**
 * Recipients per tenant, read through with a 30 s lifetime (lib/tenant-cache.ts): a push storm
 * costs one query per tenant per 30 s, a grant or a disabled account takes effect within that
 * time, and a steady stream of alarms never waits for the query (refreshed ahead of expiry).
 */
export class RecipientCache extends TenantCache<number[]> {
  constructor(db: Db, clock: Clock, ttlMs = TTL_MS) {
    super((tenantId) => loadRecipients(db, tenantId), clock, ttlMs);
  }
}
