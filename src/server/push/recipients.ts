import { and, eq, inArray, or } from 'drizzle-orm';
import { RESOURCE_TYPE } from '../../shared/session';
import type { Db } from '../db/driver';
import { resources, roleResources, userRoles, users } from '../db/schema';
import type { Clock } from '../lib/clock';

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
    .where(and(eq(users.tenantId, tenantId), eq(users.status, ENABLED), or(eq(users.kind, 'admin'), inArray(users.id, granted))))
    .orderBy(users.id);
  return rows.map((r) => r.id);
}

/**
 * Recipients per tenant, read through with a 30 s lifetime: a push storm costs one query per
 * tenant per 30 s, and a grant or a disabled account takes effect within that time. Concurrent
 * misses share one query; a failed query is not cached. An entry past 80 % of its lifetime is
 * refreshed in the background while it still answers, so a steady stream of alarms never waits
 * for that query behind the ingest's writes (the alarm latency's tail).
 */
export class RecipientCache {
  private entries = new Map<number, { at: number; ids: Promise<number[]>; refreshing?: boolean }>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ttlMs = TTL_MS,
  ) {}

  get(tenantId: number): Promise<number[]> {
    const now = this.clock.now();
    const hit = this.entries.get(tenantId);
    if (hit && now - hit.at < this.ttlMs) {
      if (!hit.refreshing && now - hit.at >= this.ttlMs * 0.8) this.refreshAhead(tenantId, hit);
      return hit.ids;
    }
    return this.load(tenantId, now);
  }

  invalidate(tenantId?: number): void {
    if (tenantId === undefined) this.entries.clear();
    else this.entries.delete(tenantId);
  }

  private load(tenantId: number, now: number): Promise<number[]> {
    const ids = loadRecipients(this.db, tenantId);
    const entry = { at: now, ids };
    this.entries.set(tenantId, entry);
    ids.catch(() => {
      if (this.entries.get(tenantId) === entry) this.entries.delete(tenantId);
    });
    return ids;
  }

  private refreshAhead(tenantId: number, hit: { at: number; ids: Promise<number[]>; refreshing?: boolean }): void {
    hit.refreshing = true;
    const at = this.clock.now();
    loadRecipients(this.db, tenantId).then(
      (ids) => {
        // An invalidation or a newer load since then wins.
        if (this.entries.get(tenantId) === hit) this.entries.set(tenantId, { at, ids: Promise.resolve(ids) });
      },
      () => {
        hit.refreshing = false;
      },
    );
  }
}
