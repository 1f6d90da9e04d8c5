import { and, eq, isNotNull, ne, or, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Uplink } from '../../shared/devices/protocol';
import type { Db } from '../db/driver';
import type { KnownDevice } from '../devices/hub';
import { CHECK_IN_SOURCE } from '../../entities/monitored-person/resource';
import { monitoredPersonCheckIns, monitoredPersons } from '../../entities/monitored-person/table';
import { localDayTime } from './clock';

const P = monitoredPersons;
const WORN_REFRESH_MS = 30_000;

/** Whether `time` (HH:mm) lies in the daily window [start, end] (an end before the start runs past midnight). */
function inWindow(time: string, start: string, end: string): boolean {
  return start <= end ? time >= start && time <= end : time >= start || time <= end;
}

/**
 * Records a check-in once per person and day: the row and the person's last check-in move
 * together, and only the statement that changes `last_check_in_day` to today inserts the row, so
 * two replicas (or a device and a supervisor at once) record one check-in.
 */
export async function recordCheckIn(
  db: Db,
  person: { id: number; tenantId: number },
  at: number,
  timeZone: string,
  source: number,
  extra: { userId?: number; lat?: number; lon?: number } = {},
): Promise<boolean> {
  const { day } = localDayTime(at, timeZone);
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(P)
      .set({ lastCheckInDay: day, lastCheckInAt: new Date(at) })
      .where(and(eq(P.id, person.id), or(isNull(P.lastCheckInDay), ne(P.lastCheckInDay, day))))
      .returning({ id: P.id });
    if (changed.length === 0) return false;
    await tx.insert(monitoredPersonCheckIns).values({
      tenantId: person.tenantId,
      personId: person.id,
      day,
      at: new Date(at),
      source,
      userId: extra.userId ?? null,
      lat: extra.lat ?? null,
      lon: extra.lon ?? null,
    });
    return true;
  });
}

interface Worn {
  id: number;
  tenantId: number;
  start: string;
  end: string;
  lastDay: string | null;
}

/**
 * Device check-ins: a worn device's location report inside its person's daily window checks the
 * person in for the day. The devices worn are loaded every WORN_REFRESH_MS and after a change of
 * a monitored person; a report of any other device costs one map lookup.
 */
export class DeviceCheckIns {
  private worn = new Map<number, Worn>();
  private timer?: NodeJS.Timeout;

  constructor(private readonly deps: { db: Db; now: () => number; timeZone: string; log: FastifyBaseLogger }) {}

  async reload(): Promise<void> {
    const rows = await this.deps.db
      .select({
        id: P.id,
        tenantId: P.tenantId,
        deviceId: P.deviceId,
        start: P.checkInStart,
        end: P.checkInEnd,
        lastDay: P.lastCheckInDay,
        startDate: P.startDate,
        endDate: P.endDate,
      })
      .from(P)
      .where(isNotNull(P.deviceId));
    const today = localDayTime(this.deps.now(), this.deps.timeZone).day;
    this.worn = new Map(
      rows
        .filter((r) => r.startDate <= today && r.endDate >= today)
        .map((r) => [r.deviceId!, { id: r.id, tenantId: r.tenantId, start: r.start, end: r.end, lastDay: r.lastDay }]),
    );
  }

  start(): this {
    this.timer = setInterval(
      () => void this.reload().catch((err: unknown) => this.deps.log.warn({ err }, 'check-in devices reload failed')),
      WORN_REFRESH_MS,
    );
    this.timer.unref();
    return this;
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** The hub's uplink: a location report of a worn device inside the window. */
  uplink(device: KnownDevice, message: Uplink): void {
    if (message.kind !== 'location') return;
    const w = this.worn.get(device.id);
    if (!w || w.tenantId !== device.tenantId) return;
    const at = this.deps.now();
    const { day, time } = localDayTime(at, this.deps.timeZone);
    if (w.lastDay === day || !inWindow(time, w.start, w.end)) return;
    w.lastDay = day;
    const pos =
      'lat' in message && typeof message.lat === 'number' && typeof message.lon === 'number'
        ? { lat: message.lat, lon: message.lon }
        : {};
    recordCheckIn(this.deps.db, w, at, this.deps.timeZone, CHECK_IN_SOURCE.device, pos).catch((err: unknown) => {
      w.lastDay = null;
      this.deps.log.warn({ err, personId: w.id }, 'device check-in failed');
    });
  }
}

/** Today's persons under supervision whose window has closed without a check-in (SQL over alias `p`). */
export function missedSql(now: number, timeZone: string) {
  const { day, time } = localDayTime(now, timeZone);
  return sql`(p.start_date <= ${day} and p.end_date >= ${day} and p.check_in_end < ${time} and p.check_in_start <= p.check_in_end
    and (p.last_check_in_day is null or p.last_check_in_day <> ${day}))`;
}
