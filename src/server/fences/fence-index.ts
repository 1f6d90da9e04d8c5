import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import RBush from 'rbush';
import { FENCE_STATUS, fenceBBox, type FenceGeometry, type LonLat } from '../../shared/geo/fence';
import type { Db } from '../db/driver';
import { devices, fenceDevices, fenceGroups, fences, type FenceRow } from '../db/schema';
import { insetM, marginBox } from './geometry';

/** An enabled fence as the evaluator needs it. */
export interface IndexedFence extends FenceGeometry {
  tenantId: number;
  type: number;
  name: string;
  /** geometry.ts insetM. */
  inset: number;
  /** Seconds beyond the boundary before a crossing is raised; null: the service's default (FENCE_DWELL_S). */
  dwellS: number | null;
  devices: ReadonlySet<number>;
  groups: ReadonlySet<number>;
}

interface Item {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  fence: IndexedFence;
}

interface TenantIndex {
  tree: RBush<Item>;
  byId: Map<number, IndexedFence>;
  /** Devices some fence watches directly, groups some fence watches, and the group of each device in those groups. */
  devices: Set<number>;
  groups: Set<number>;
  groupOf: Map<number, number>;
  /** The reload this snapshot came from (an older reload finishing late must not overwrite it). */
  seq: number;
}

function geometryOf(r: Pick<FenceRow, 'id' | 'shape' | 'longitude' | 'latitude' | 'radius' | 'points'>): FenceGeometry {
  return { id: r.id, shape: r.shape, lon: r.longitude, lat: r.latitude, radius: r.radius, points: r.points };
}

/**
 * Per tenant, an R-tree (rbush) over the bounding boxes of its enabled fences, with the devices
 * and groups each one watches. Snapshots are rebuilt from the database, whole or per tenant, and
 * swapped in at once; replicas converge through the periodic full reload (plugins/fences.ts).
 */
export class FenceIndex {
  private tenants = new Map<number, TenantIndex>();
  private seq = 0;

  constructor(private readonly db: Db) {}

  /** Rebuilds these tenants (all when omitted) from the database. */
  async reload(tenantIds?: readonly number[]): Promise<void> {
    const seq = ++this.seq;
    const only = tenantIds ? [...new Set(tenantIds)] : undefined;
    if (only?.length === 0) return;
    const enabled = and(eq(fences.status, FENCE_STATUS.enabled), only ? inArray(fences.tenantId, only) : undefined);
    const rows = await this.db.select().from(fences).where(enabled);
    const ids = rows.map((r) => r.id);
    const [direct, grouped] = ids.length
      ? await Promise.all([
          this.db.select().from(fenceDevices).where(inArray(fenceDevices.fenceId, ids)),
          this.db.select().from(fenceGroups).where(inArray(fenceGroups.fenceId, ids)),
        ])
      : [[], []];
    const groupIds = [...new Set(grouped.map((g) => g.groupId))];
    const members = groupIds.length
      ? await this.db
          .select({ id: devices.id, tenantId: devices.tenantId, groupId: devices.groupId })
          .from(devices)
          .where(and(inArray(devices.groupId, groupIds), isNotNull(devices.groupId)))
      : [];
    const built = this.build(rows, direct, grouped, members, seq);
    for (const tenantId of only ?? new Set([...this.tenants.keys(), ...built.keys()])) {
      if ((this.tenants.get(tenantId)?.seq ?? 0) > seq) continue;
      const next = built.get(tenantId);
      if (next) this.tenants.set(tenantId, next);
      else this.tenants.delete(tenantId);
    }
  }

  private build(
    rows: FenceRow[],
    direct: { fenceId: number; deviceId: number }[],
    grouped: { fenceId: number; groupId: number }[],
    members: { id: number; tenantId: number; groupId: number | null }[],
    seq: number,
  ): Map<number, TenantIndex> {
    const devicesOf = new Map<number, Set<number>>();
    for (const d of direct)
      (devicesOf.get(d.fenceId) ?? devicesOf.set(d.fenceId, new Set()).get(d.fenceId)!).add(d.deviceId);
    const groupsOf = new Map<number, Set<number>>();
    for (const g of grouped)
      (groupsOf.get(g.fenceId) ?? groupsOf.set(g.fenceId, new Set()).get(g.fenceId)!).add(g.groupId);
    const out = new Map<number, TenantIndex>();
    const items = new Map<number, Item[]>();
    for (const r of rows) {
      const t = out.get(r.tenantId) ?? {
        tree: new RBush<Item>(),
        byId: new Map(),
        devices: new Set(),
        groups: new Set(),
        groupOf: new Map(),
        seq,
      };
      out.set(r.tenantId, t);
      const g = geometryOf(r);
      const fence: IndexedFence = {
        ...g,
        tenantId: r.tenantId,
        type: r.type,
        name: r.name,
        inset: insetM(g),
        dwellS: r.dwellS,
        devices: devicesOf.get(r.id) ?? new Set(),
        groups: groupsOf.get(r.id) ?? new Set(),
      };
      t.byId.set(r.id, fence);
      for (const d of fence.devices) t.devices.add(d);
      for (const id of fence.groups) t.groups.add(id);
      const [minX, minY, maxX, maxY] = fenceBBox(g);
      (items.get(r.tenantId) ?? items.set(r.tenantId, []).get(r.tenantId)!).push({ minX, minY, maxX, maxY, fence });
    }
    // Bulk loading packs the tree better and faster than one insert at a time.
    for (const [tenantId, list] of items) out.get(tenantId)!.tree.load(list);
    for (const m of members) {
      const t = out.get(m.tenantId);
      if (t && m.groupId !== null && t.groups.has(m.groupId)) t.groupOf.set(m.id, m.groupId);
    }
    return out;
  }

  /** Whether any enabled fence of the tenant watches the device (the cheap test before any work). */
  watches(tenantId: number, deviceId: number): boolean {
    const t = this.tenants.get(tenantId);
    return t !== undefined && (t.devices.has(deviceId) || t.groupOf.has(deviceId));
  }

  fence(tenantId: number, fenceId: number): IndexedFence | undefined {
    return this.tenants.get(tenantId)?.byId.get(fenceId);
  }

  watching(f: IndexedFence, tenantId: number, deviceId: number): boolean {
    if (f.devices.has(deviceId)) return true;
    const g = this.tenants.get(tenantId)?.groupOf.get(deviceId);
    return g !== undefined && f.groups.has(g);
  }

  /** Enabled fences watching the device whose box comes within `marginM` of the fix; any other is clearly outside. */
  candidates(tenantId: number, deviceId: number, p: LonLat, marginM: number): IndexedFence[] {
    const t = this.tenants.get(tenantId);
    if (!t) return [];
    return t.tree
      .search(marginBox(p, marginM))
      .map((i) => i.fence)
      .filter((f) => this.watching(f, tenantId, deviceId));
  }

  /** Enabled fences of one tenant. */
  list(tenantId: number): IndexedFence[] {
    return [...(this.tenants.get(tenantId)?.byId.values() ?? [])];
  }

  get size(): { tenants: number; fences: number } {
    let n = 0;
    for (const t of this.tenants.values()) n += t.byId.size;
    return { tenants: this.tenants.size, fences: n };
  }
}
