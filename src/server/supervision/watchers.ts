import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/driver';
import { devices } from '../db/schema-devices';
import { users } from '../db/schema-tenancy';
import type { DomainEvents, ResourceChange } from '../events';
import { monitoredPersons } from '../../entities/monitored-person/server';

/** How long a device's supervisors are reused: a reassignment applies at once on this replica (invalidated), within this on others. */
export const WATCHERS_TTL_MS = 10_000;
const MAX_ENTRIES = 20_000;

/** The enabled users of the tenant who supervise the person wearing the device `imei` (none: []). */
export async function loadWatchers(db: Db, tenantId: number, imei: string): Promise<number[]> {
  const rows = await db
    .select({ id: monitoredPersons.supervisorId })
    .from(monitoredPersons)
    .innerJoin(devices, eq(devices.id, monitoredPersons.deviceId))
    .innerJoin(users, eq(users.id, monitoredPersons.supervisorId))
    .where(and(eq(monitoredPersons.tenantId, tenantId), eq(devices.tenantId, tenantId), eq(devices.imei, imei), isNotNull(monitoredPersons.deviceId), eq(users.tenantId, tenantId), eq(users.status, 1)));
  return [...new Set(rows.map((r) => r.id))];
}

/**
 * The supervisors watching a device, for the alarm push (PushService `watchers`): cached per
 * (tenant, IMEI) for WATCHERS_TTL_MS, dropped when a monitored person changes on this replica.
 */
export class SupervisorWatchers {
  private readonly entries = new Map<string, { at: number; ids: Promise<number[]> }>();
  private readonly onChange = (c: ResourceChange) => {
    if (c.kind === 'user' && (c.name === 'monitoredPerson' || c.name === 'user')) this.entries.clear();
  };

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly events?: DomainEvents,
  ) {
    events?.on('resource.changed', this.onChange);
  }

  get(tenantId: number, imei: string): Promise<number[]> {
    const key = `${tenantId}/${imei}`;
    const hit = this.entries.get(key);
    const now = this.now();
    if (hit && now - hit.at < WATCHERS_TTL_MS) return hit.ids;
    const ids = loadWatchers(this.db, tenantId, imei);
    ids.catch(() => this.entries.delete(key));
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { at: now, ids });
    return ids;
  }

  invalidate(): void {
    this.entries.clear();
  }

  close(): void {
    this.events?.off('resource.changed', this.onChange);
  }
}
