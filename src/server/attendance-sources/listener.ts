import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { FENCE_TYPE, insideFence, type LonLat } from '../../shared/geo/fence';
import type { Uplink } from '../../shared/devices/protocol';
import { PUNCH_SOURCE, type PunchSource } from '../../entities/attendance-punch/resource';
import { attendancePunches } from '../../entities/attendance-punch/table';
import { accessRights } from '../../entities/access-right/table';
import { residents } from '../../entities/resident/table';
import { recordPunch } from '../attendance';
import { messageTime } from '../alarms/intents';
import { MAX_MARGIN_M } from '../fences/geometry';
import { deviceAlarmConditions, devices, indoorMaps, users } from '../db/schema';
import type { KnownDevice } from '../devices/hub';
import type { ResourceChange } from '../events';

/** At most one punch per worker and source within this long (a worn helmet reports every minute). */
const PUNCH_DEBOUNCE_MS = 10 * 60_000;
/** How long a device's binding (devices.user_id) and a tenant's UWB floors are trusted. */
const CACHE_MS = 30_000;
/** The alarm condition a helmet taken off keeps open (ALARM_TYPES 4, wearing). */
const WEARING_TYPE = 4;

/** Kinds whose UWB positions punch (source 3): wristbands and the site's UWB tags. */
const UWB_KINDS = new Set(['wristband', 'uwbTag']);

interface Floor {
  floor: string | null;
  width: number;
  height: number;
}

/**
 * Where attendance punches come from besides the console (docs/architecture.md, "Site operations,
 * attendance and supervision"): the uplink pipeline's 'attendance' stage records a punch for
 * the worker a device is bound to (devices.user_id):
 * - a helmet worn (a wearOn event, a status saying so, or a fix while worn) inside an electronic
 *   fence (type 1) that watches it: source 2;
 * - a wristband or UWB tag at a UWB position inside one of the tenant's floors: source 3;
 * - a face recognised at a door unit whose right belongs to a resident who is a user: source 4;
 * - a patrol phone sharing its position (docs/device-protocol.md "The phone shares its position")
 *   with a fix inside an electronic fence that watches it: source 5.
 * At most one punch per worker and source every PUNCH_DEBOUNCE_MS.
 */
export class PunchSources {
  /** deviceId -> the bound user (null: none), and until when that is trusted. */
  private readonly bindings = new Map<number, { userId: number | null; until: number }>();
  private readonly floors = new Map<number, { list: Floor[]; until: number }>();
  /** Helmets: worn or not, as last said (absent: not known yet), and their last fix. */
  private readonly wearing = new Map<number, boolean>();
  private readonly lastFix = new Map<number, LonLat>();
  /** `${userId}:${source}` -> the time of the last punch. */
  private readonly last = new Map<string, number>();
  private pending = new Set<Promise<void>>();
  /** Gives the pipeline's 'attendance' stage back (close). */
  private release: (() => void) | undefined;
  stats = { punches: 0 };

  constructor(private readonly app: FastifyInstance) {}

  private readonly onUplink = (device: KnownDevice, m: Uplink, receivedAt: Date): void => {
    const at = messageTime(m, receivedAt.getTime());
    if (device.kind === 'helmet') this.helmet(device, m, at);
    else if (device.kind === 'phone') this.phone(device, m, at);
    else if (UWB_KINDS.has(device.kind)) {
      if (m.kind === 'location' && m.x !== undefined && m.y !== undefined)
        this.track(this.uwb(device, m.x, m.y, m.floor, at));
    } else if (device.kind === 'doorUnit' && m.kind === 'access' && m.method === 'face' && m.granted && m.rightId) {
      this.track(this.face(device, m.rightId, at));
    }
  };

  private readonly onChange = (c: ResourceChange): void => {
    if (c.name === 'device') this.bindings.delete(c.id);
    else if (c.name === 'user') this.bindings.clear();
    else if (c.name === 'indoorMap' && c.tenantId !== undefined) this.floors.delete(c.tenantId);
  };

  start(): void {
    this.release = this.app.uplinks.use('attendance', this.onUplink);
    this.app.events.on('resource.changed', this.onChange);
  }

  async close(): Promise<void> {
    this.release?.();
    this.app.events.off('resource.changed', this.onChange);
    await this.drain();
  }

  /** Waits for the punches under way (tests). */
  async drain(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  private track(p: Promise<void>): void {
    const done = p
      .catch((err: unknown) => this.app.log.warn({ err }, 'attendance punch from a device failed'))
      .finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  private helmet(device: KnownDevice, m: Uplink, at: number): void {
    let check = false;
    // A fix its receiver calls invalid, or a cell tower's (hundreds of metres, docs/protocols.md
    // "Cell towers"), cannot tell inside the site from outside: it punches nothing, as it trips no fence.
    if (
      m.kind === 'location' &&
      m.valid !== false &&
      m.lat !== undefined &&
      m.lon !== undefined &&
      !(m.accuracy !== undefined && m.accuracy > MAX_MARGIN_M)
    ) {
      this.lastFix.set(device.id, [m.lon, m.lat]);
      check = this.wearing.get(device.id) !== false;
    } else if (m.kind === 'alarm' && (m.alarm === 'wearOn' || m.alarm === 'wearOff')) {
      this.wearing.set(device.id, m.alarm === 'wearOn');
      check = m.alarm === 'wearOn';
    } else if (m.kind === 'status' && m.wearing !== undefined) {
      this.wearing.set(device.id, m.wearing);
      check = m.wearing;
    }
    if (!check) return;
    const p = this.lastFix.get(device.id);
    this.track(this.helmetPunch(device, p, at));
  }

  /** A phone is carried, not worn: a good fix inside the site is its user there. */
  private phone(device: KnownDevice, m: Uplink, at: number): void {
    if (
      m.kind !== 'location' ||
      m.valid === false ||
      m.lat === undefined ||
      m.lon === undefined ||
      (m.accuracy !== undefined && m.accuracy > MAX_MARGIN_M)
    )
      return;
    const p: LonLat = [m.lon, m.lat];
    this.track(
      (async () => {
        const userId = await this.userOf(device);
        if (userId !== null && this.inSite(device, p)) await this.punch(device, userId, PUNCH_SOURCE.phone, at);
      })(),
    );
  }

  private async helmetPunch(device: KnownDevice, fix: LonLat | undefined, at: number): Promise<void> {
    const userId = await this.userOf(device);
    if (userId === null) return;
    if (!(await this.worn(device))) return;
    const p = fix ?? (await this.storedPosition(device));
    if (!p || !this.inSite(device, p)) return;
    await this.punch(device, userId, PUNCH_SOURCE.helmet, at);
  }

  private async uwb(device: KnownDevice, x: number, y: number, floor: string | undefined, at: number): Promise<void> {
    const userId = await this.userOf(device);
    if (userId === null) return;
    const floors = await this.floorsOf(device.tenantId);
    const inside = floors.some(
      (f) =>
        (floor === undefined || f.floor === null || f.floor === floor) &&
        x >= 0 &&
        y >= 0 &&
        x <= f.width &&
        y <= f.height,
    );
    if (inside) await this.punch(device, userId, PUNCH_SOURCE.wristband, at);
  }

  private async face(device: KnownDevice, rightId: number, at: number): Promise<void> {
    const [row] = await this.app.db
      .select({ userId: users.id })
      .from(accessRights)
      .innerJoin(residents, eq(residents.id, accessRights.residentId))
      .innerJoin(users, and(eq(users.id, residents.userId), eq(users.tenantId, device.tenantId)))
      .where(and(eq(accessRights.id, rightId), eq(accessRights.tenantId, device.tenantId)));
    if (row) await this.punch(device, row.userId, PUNCH_SOURCE.faceDoor, at);
  }

  /**
   * Records the punch unless this worker punched from this source within the debounce: the last
   * punch seen here answers at once; else the stored punches do (a restarted service, or one
   * replica of several, has not seen the others' punches).
   */
  private async punch(device: KnownDevice, userId: number, source: PunchSource, at: number): Promise<void> {
    const key = `${userId}:${source}`;
    const prev = this.last.get(key);
    if (prev !== undefined && Math.abs(at - prev) < PUNCH_DEBOUNCE_MS) return;
    this.last.set(key, at);
    const [stored] = await this.app.db
      .select({ at: attendancePunches.at })
      .from(attendancePunches)
      .where(
        and(
          eq(attendancePunches.tenantId, device.tenantId),
          eq(attendancePunches.userId, userId),
          eq(attendancePunches.source, source),
          gt(attendancePunches.at, new Date(at - PUNCH_DEBOUNCE_MS)),
          lt(attendancePunches.at, new Date(at + PUNCH_DEBOUNCE_MS)),
        ),
      )
      .limit(1);
    if (stored) {
      this.last.set(key, stored.at.getTime());
      return;
    }
    await recordPunch(this.app, { tenantId: device.tenantId, userId, at: new Date(at), source, imei: device.imei });
    this.stats.punches++;
  }

  /** An electronic fence (keep in) of the device's tenant that watches it holds the point. */
  private inSite(device: KnownDevice, p: LonLat): boolean {
    return this.app.fenceIndex
      .candidates(device.tenantId, device.id, p, 1)
      .some((f) => f.type === FENCE_TYPE.electronic && insideFence(f, p));
  }

  private async userOf(device: KnownDevice): Promise<number | null> {
    const now = Date.now();
    const hit = this.bindings.get(device.id);
    if (hit && hit.until > now) return hit.userId;
    const [row] = await this.app.db
      .select({ userId: users.id })
      .from(devices)
      .innerJoin(users, and(eq(users.id, devices.userId), eq(users.tenantId, devices.tenantId)))
      .where(eq(devices.id, device.id));
    const userId = row?.userId ?? null;
    this.bindings.set(device.id, { userId, until: now + CACHE_MS });
    return userId;
  }

  /** Not known yet (no event since the service started): an open wearing alarm says taken off. */
  private async worn(device: KnownDevice): Promise<boolean> {
    const known = this.wearing.get(device.id);
    if (known !== undefined) return known;
    const [open] = await this.app.db
      .select({ type: deviceAlarmConditions.type })
      .from(deviceAlarmConditions)
      .where(and(eq(deviceAlarmConditions.deviceId, device.id), eq(deviceAlarmConditions.type, WEARING_TYPE)));
    if (!this.wearing.has(device.id)) this.wearing.set(device.id, open === undefined);
    return this.wearing.get(device.id)!;
  }

  private async storedPosition(device: KnownDevice): Promise<LonLat | undefined> {
    const [row] = await this.app.db
      .select({ lat: devices.lat, lon: devices.lon })
      .from(devices)
      .where(eq(devices.id, device.id));
    return row?.lat != null && row.lon != null ? [row.lon, row.lat] : undefined;
  }

  private async floorsOf(tenantId: number): Promise<Floor[]> {
    const now = Date.now();
    const hit = this.floors.get(tenantId);
    if (hit && hit.until > now) return hit.list;
    const list = await this.app.db
      .select({ floor: indoorMaps.floor, width: indoorMaps.width, height: indoorMaps.height })
      .from(indoorMaps)
      .where(eq(indoorMaps.tenantId, tenantId));
    this.floors.set(tenantId, { list, until: now + CACHE_MS });
    return list;
  }
}
