import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/driver';
import { devices } from '../db/schema-devices';
import { users } from '../db/schema-tenancy';
import type { DomainEvents, ResourceChange } from '../events';
import { monitoredPersons } from '../../entities/monitored-person/server';

/** How long a device's supervisors are reused: a reassignment applies at once on this replica (invalidated), within this on others. */
export const WATCHERS_TTL_MS = 10_000;
const MAX_ENTRIES = 20_000;

/** The enabled users of the tenant who supervise the persons wearing the devices `imeis`, by IMEI (nobody: absent). */
export async function loadWatchers(db: Db, tenantId: number, imeis: readonly string[]): Promise<Map<string, number[]>> {
  const rows = await db
    .select({ imei: devices.imei, id: monitoredPersons.supervisorId })
    .from(monitoredPersons)
    .innerJoin(devices, eq(devices.id, monitoredPersons.deviceId))
    .innerJoin(users, eq(users.id, monitoredPersons.supervisorId))
    .where(and(eq(monitoredPersons.tenantId, tenantId), eq(devices.tenantId, tenantId), inArray(devices.imei, [...imeis]), isNotNull(monitoredPersons.deviceId), eq(users.tenantId, tenantId), eq(users.status, 1)));
  const out = new Map<string, number[]>();
  for (const r of rows) {
    const ids = out.get(r.imei) ?? out.set(r.imei, []).get(r.imei)!;
    if (r.id !== null && !ids.includes(r.id)) ids.push(r.id);
  }
  return out;
}

interface Entry {
  at: number;
  ids: Promise<number[]>;
  refreshing?: boolean;
}

interface Waiting {
  resolve: (ids: number[]) => void;
  reject: (err: unknown) => void;
}

/**
 * The supervisors watching a device, for the alarm push (PushService `watchers`): cached per
 * (tenant, IMEI) for WATCHERS_TTL_MS (looked up again ahead of expiry while in use), dropped when
 * a monitored person changes on this replica.
 * The devices asked for in one turn of the event loop are looked up together, one query per
 * tenant: a batch of fence alarms (fences/evaluator.ts) asked for each alarm's device in turn,
 * one query each, and those queries held the database longer than the batch's own writes
 * (docs/performance.md#fences).
 */
export class SupervisorWatchers {
  private readonly entries = new Map<string, Entry>();
  /** Tenant -> IMEI -> the callers waiting for the next look-up. */
  private readonly waiting = new Map<number, Map<string, Waiting>>();
  private scheduled = false;
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
    if (hit && now - hit.at < WATCHERS_TTL_MS) {
      // Past 80 % of its life an entry is looked up again in the background while it still
      // answers: a device that keeps raising alarms never waits for the query.
      if (!hit.refreshing && now - hit.at >= WATCHERS_TTL_MS * 0.8) this.refreshAhead(key, tenantId, imei, hit, now);
      return hit.ids;
    }
    const ids = this.ask(tenantId, imei);
    ids.catch(() => this.entries.delete(key));
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { at: now, ids });
    return ids;
  }

  private refreshAhead(key: string, tenantId: number, imei: string, hit: Entry, at: number): void {
    hit.refreshing = true;
    this.ask(tenantId, imei).then(
      (ids) => {
        // An invalidation or a newer look-up since then wins.
        if (this.entries.get(key) === hit) this.entries.set(key, { at, ids: Promise.resolve(ids) });
      },
      () => {
        hit.refreshing = false;
      },
    );
  }

  /** Joins the device to the next look-up (one per tenant per turn of the event loop). */
  private ask(tenantId: number, imei: string): Promise<number[]> {
    const ids = new Promise<number[]>((resolve, reject) => {
      const tenant = this.waiting.get(tenantId) ?? this.waiting.set(tenantId, new Map()).get(tenantId)!;
      tenant.set(imei, { resolve, reject });
    });
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.lookUp());
    }
    return ids;
  }

  /** Every device asked for since the last turn, one query per tenant. */
  private lookUp(): void {
    this.scheduled = false;
    const waiting = [...this.waiting];
    this.waiting.clear();
    for (const [tenantId, byImei] of waiting) {
      loadWatchers(this.db, tenantId, [...byImei.keys()]).then(
        (found) => byImei.forEach((w, imei) => w.resolve(found.get(imei) ?? [])),
        (err: unknown) => byImei.forEach((w) => w.reject(err)),
      );
    }
  }

  invalidate(): void {
    this.entries.clear();
  }

  close(): void {
    this.events?.off('resource.changed', this.onChange);
  }
}
