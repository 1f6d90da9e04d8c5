import { inArray } from 'drizzle-orm';
import { withDefaults, type DeviceSettings } from '../../shared/devices/settings';
import type { Db } from '../db/driver';
import { devices } from '../db/schema';
import type { Clock } from '../lib/clock';

/** What an alarm record copies from its device, and the settings its rules read. */
export interface DeviceProfile {
  id: number;
  imei: string;
  tenantId: number;
  name: string | null;
  kind: string;
  personName: string | null;
  personPhone: string | null;
  departmentId: number | null;
  userId: number | null;
  installLocation: string | null;
  lat: number | null;
  lon: number | null;
  settings: DeviceSettings;
}

const TTL_MS = 60_000;
const MAX_ENTRIES = 100_000;

/**
 * Device id -> profile, loaded for a whole batch in one query. This process drops entries when
 * it saves a device's settings or fields (plugins/alarms.ts, plugins/fences.ts); another
 * replica's change is seen within the TTL.
 */
export class DeviceProfiles {
  private entries = new Map<number, { at: number; p: DeviceProfile }>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Profiles of these devices (unknown ids are left out). */
  async load(ids: Iterable<number>): Promise<Map<number, DeviceProfile>> {
    const now = this.clock.now();
    const out = new Map<number, DeviceProfile>();
    const missing: number[] = [];
    for (const id of new Set(ids)) {
      const hit = this.entries.get(id);
      if (hit && now - hit.at < TTL_MS) out.set(id, hit.p);
      else missing.push(id);
    }
    if (missing.length === 0) return out;
    const rows = await this.db
      .select({
        id: devices.id,
        imei: devices.imei,
        tenantId: devices.tenantId,
        name: devices.name,
        kind: devices.kind,
        personName: devices.personName,
        personPhone: devices.personPhone,
        departmentId: devices.departmentId,
        userId: devices.userId,
        installLocation: devices.installLocation,
        lat: devices.lat,
        lon: devices.lon,
        settings: devices.settings,
      })
      .from(devices)
      .where(inArray(devices.id, missing));
    if (this.entries.size + rows.length > MAX_ENTRIES) this.entries.clear();
    for (const r of rows) {
      const p: DeviceProfile = { ...r, settings: withDefaults(r.settings) };
      this.entries.set(r.id, { at: now, p });
      out.set(r.id, p);
    }
    return out;
  }

  /** The device's newest GPS position (location uplinks), so a record carries where it happened. */
  moved(id: number, lat: number, lon: number): void {
    const hit = this.entries.get(id);
    if (hit) Object.assign(hit.p, { lat, lon });
  }

  invalidate(match?: { id?: number; imei?: string }): void {
    if (!match) return this.entries.clear();
    if (match.id !== undefined) this.entries.delete(match.id);
    if (match.imei !== undefined)
      for (const [id, e] of this.entries) if (e.p.imei === match.imei) this.entries.delete(id);
  }
}
