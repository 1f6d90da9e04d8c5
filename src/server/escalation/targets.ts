import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/driver';
import type { AlarmRow, EscalationStepPlan } from '../db/schema';
import { devices, userRoles, users } from '../db/schema';
import { toAlarmRecord } from '../alarms/records';
import type { PushService } from '../push/service';
import type { NearbyStaff } from '../../shared/alarms/api';
import { alarmPoint, NEAREST_DEFAULT, NEAREST_FIX_MAX_AGE_MS, nearestStaff } from './nearest';

/** One notification to send: a row of alarm_notifications before it is stored. */
export interface Planned {
  alarmId: number;
  tenantId: number;
  step: number;
  channel: string;
  target: string;
  targetName: string | null;
  userIds: number[] | null;
  /** The `nearest` target: how far the user was from the alarm, metres (said in the push and the SMS). */
  distanceM?: number;
}

/** An alarm and the indices of its steps due in this sweep. */
interface DueSteps {
  alarm: AlarmRow;
  steps: number[];
  plans: EscalationStepPlan[];
}

type Contacts = Map<number, { name: string; phone: string }[]>;

/** The emergency contacts of an alarm's device, from the sweep's read of them (which may have failed). */
function deviceContacts(contacts: Contacts | Error, deviceId: number | null): { name: string; phone: string }[] {
  if (contacts instanceof Error) throw contacts;
  return (deviceId && contacts.get(deviceId)) || [];
}

/**
 * Whom an escalation step reaches, on which channel (docs/alarms.md#acknowledgement-and-escalation):
 * consoles are users; SMS and voice go to their phones, e-mail to their addresses; the device's
 * emergency contacts and an external number or address are reached directly.
 */
export class Targets {
  constructor(
    private readonly db: Db,
    private readonly push: Pick<PushService, 'audience' | 'onDutyFor'>,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The notifications of a sweep's due steps, by alarm id. The emergency contacts of all their
   * devices are read in one statement; an alarm whose steps could not be resolved is reported to
   * `failed` and reaches nobody. Once `budget` notifications are planned, the alarms after are
   * left out (`deferred`, for the next sweep); the first is always planned, however many it has.
   */
  async planAll(
    due: DueSteps[],
    failed: (alarmId: number, err: unknown) => void,
    budget = Infinity,
  ): Promise<{ rows: Map<number, Planned[]>; deferred: Set<number> }> {
    const deviceIds = due
      .filter((d) => d.steps.some((i) => d.plans[i]!.target === 'contacts'))
      .flatMap((d) => (d.alarm.deviceId ? [d.alarm.deviceId] : []));
    const contacts = await this.contacts(deviceIds).catch((err: unknown) => err as Error);
    const out = new Map<number, Planned[]>();
    const deferred = new Set<number>();
    let planned = 0;
    for (const { alarm, steps, plans } of due) {
      if (planned >= budget) {
        deferred.add(alarm.id);
        continue;
      }
      try {
        const rows: Planned[] = [];
        for (const i of steps) rows.push(...(await this.plan(alarm, i, plans[i]!, contacts)));
        out.set(alarm.id, rows);
        planned += rows.length;
      } catch (err) {
        failed(alarm.id, err);
        out.set(alarm.id, []);
      }
    }
    return { rows: out, deferred };
  }

  /** The notifications of one step of an alarm. */
  private async plan(
    alarm: AlarmRow,
    index: number,
    step: EscalationStepPlan,
    contacts: Contacts | Error,
  ): Promise<Planned[]> {
    const record = toAlarmRecord(alarm);
    const base = { alarmId: alarm.id, tenantId: alarm.tenantId, step: index };
    const distances = new Map<number, number>();
    const onDuty = async () =>
      (await this.push.onDutyFor(alarm.tenantId, alarm.imei)) ?? (await this.push.audience(record)).viewers;
    const consoles = async (): Promise<number[]> => {
      switch (step.target) {
        case 'nearest': {
          // Nobody near (or no position to measure from): the on-duty step's people, so an SOS is
          // never left with nobody (docs/alarms.md "Nearest staff first").
          const near = await this.nearest(alarm, step);
          for (const s of near) distances.set(s.userId, s.distanceM);
          return near.length ? near.map((s) => s.userId) : onDuty();
        }
        case 'repeat':
          return (await this.push.audience(record)).told;
        case 'operators':
          return (await this.push.audience(record)).viewers;
        case 'onDuty':
          // Nobody on duty for the community: the company's operators instead.
          return onDuty();
        case 'user':
          return step.userId ? this.enabledUsers(alarm.tenantId, [step.userId]) : [];
        case 'role':
          return step.roleId ? this.roleUsers(alarm.tenantId, step.roleId) : [];
        default:
          return [];
      }
    };
    const out: Planned[] = [];
    if (step.target === 'contacts' || step.target === 'address') {
      const people =
        step.target === 'address'
          ? [{ name: null, phone: step.address ?? '', email: step.address ?? '' }]
          : deviceContacts(contacts, alarm.deviceId).map((c) => ({ name: c.name, phone: c.phone, email: '' }));
      for (const channel of step.channels)
        for (const p of people) {
          const to = channel === 'email' ? p.email : p.phone;
          if (to) out.push({ ...base, channel, target: to, targetName: p.name, userIds: null });
        }
    } else {
      const ids = await consoles();
      const people = step.channels.some((c) => c !== 'console') ? await this.people(ids) : [];
      for (const channel of step.channels) {
        if (channel === 'console') {
          if (ids.length) out.push({ ...base, channel, target: `${ids.length}`, targetName: null, userIds: ids });
          continue;
        }
        for (const p of people) {
          const to = channel === 'push' ? p.name || String(p.id) : channel === 'email' ? p.email : p.phone;
          const distanceM = distances.get(p.id);
          if (to)
            out.push({
              ...base,
              channel,
              target: to,
              targetName: p.name,
              userIds: [p.id],
              ...(distanceM === undefined ? {} : { distanceM }),
            });
        }
      }
    }
    // A step that reached nobody is on the record too.
    return out.length ? out : [{ ...base, channel: 'none', target: step.target, targetName: null, userIds: null }];
  }

  /** The `nearest` step's people: from the alarm's position, or its device's last one. */
  private async nearest(alarm: AlarmRow, step: EscalationStepPlan): Promise<NearbyStaff[]> {
    const point = await alarmPoint(this.db, alarm);
    if (!point) return [];
    return nearestStaff(this.db, alarm.tenantId, point, new Date(this.now()), {
      count: step.nearestCount ?? NEAREST_DEFAULT.count,
      meters: step.nearestMeters ?? NEAREST_DEFAULT.meters,
      maxAgeMs: NEAREST_FIX_MAX_AGE_MS,
    });
  }

  private async enabledUsers(tenantId: number, ids: number[]): Promise<number[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.tenantId, tenantId), eq(users.status, 1)));
    return rows.map((r) => r.id);
  }

  private async roleUsers(tenantId: number, roleId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(and(eq(userRoles.roleId, roleId), eq(userRoles.tenantId, tenantId), eq(users.status, 1)))
      .orderBy(users.id);
    return [...new Set(rows.map((r) => r.id))];
  }

  private async people(ids: number[]): Promise<{ id: number; name: string; phone: string; email: string }[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: users.id, name: users.name, phone: users.phone, email: users.email })
      .from(users)
      .where(inArray(users.id, ids));
    return rows.map((r) => ({ id: r.id, name: r.name ?? '', phone: r.phone ?? '', email: r.email ?? '' }));
  }

  /** The devices' emergency contacts (their `contacts` setting), by device id. */
  private async contacts(deviceIds: number[]): Promise<Contacts> {
    if (deviceIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: devices.id, settings: devices.settings })
      .from(devices)
      .where(inArray(devices.id, [...new Set(deviceIds)]));
    return new Map(rows.map((r) => [r.id, (r.settings?.contacts ?? []).filter((c) => c.phone)]));
  }
}
