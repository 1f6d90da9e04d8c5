import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/driver';
import { devices, users } from '../db/schema';
import type { DomainEvents, ResourceChange } from '../events';
import { monitoredPersons } from '../../entities/monitored-person/table';
import { perTurn } from '../lib/turn-batch';

/** How long a device's supervisors are reused: a reassignment applies at once on this replica (invalidated), within this on others. */
export const WATCHERS_TTL_MS = 10_000;
const MAX_ENTRIES = 20_000;

/** The enabled users of the tenant who supervise the persons wearing the devices `imeis`, by IMEI (nobody: absent). */
async function loadWatchers(db: Db, tenantId: number, imeis: readonly string[]): Promise<Map<string, number[]>> {
  const rows = await db
    .select({ imei: devices.imei, id: monitoredPersons.supervisorId })
    .from(monitoredPersons)
    .innerJoin(devices, eq(devices.id, monitoredPersons.deviceId))
    .innerJoin(users, eq(users.id, monitoredPersons.supervisorId))
    .where(
      and(
        eq(monitoredPersons.tenantId, tenantId),
        eq(devices.tenantId, tenantId),
        inArray(devices.imei, [...imeis]),
        isNotNull(monitoredPersons.deviceId),
        eq(users.tenantId, tenantId),
        eq(users.status, 1),
      ),
    );
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
  /** The devices asked for in one turn, keyed `tenant/IMEI`, one query per tenant. */
  private readonly lookUp = perTurn((keys: string[]) => this.lookUpMany(keys));
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

  private ask(tenantId: number, imei: string): Promise<number[]> {
    return this.lookUp(`${tenantId}/${imei}`).then((ids) => ids ?? []);
  }

  private async lookUpMany(keys: string[]): Promise<Map<string, number[]>> {
    const byTenant = new Map<number, string[]>();
    for (const key of keys) {
      const slash = key.indexOf('/');
      const tenantId = Number(key.slice(0, slash));
      (byTenant.get(tenantId) ?? byTenant.set(tenantId, []).get(tenantId)!).push(key.slice(slash + 1));
    }
    const out = new Map<string, number[]>();
    await Promise.all(
      [...byTenant].map(async ([tenantId, imeis]) => {
        for (const [imei, ids] of await loadWatchers(this.db, tenantId, imeis)) out.set(`${tenantId}/${imei}`, ids);
      }),
    );
    return out;
  }

  invalidate(): void {
    this.entries.clear();
  }

  close(): void {
    this.events?.off('resource.changed', this.onChange);
  }
}
