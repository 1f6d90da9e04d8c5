import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/driver';
import type { AlarmRow, EscalationStepPlan } from '../db/schema-alarms';
import { devices } from '../db/schema-devices';
import { userRoles, users } from '../db/schema-tenancy';
import { toAlarmRecord } from '../alarms/records';
import type { PushService } from '../push/service';

/** One notification to send: a row of alarm_notifications before it is stored. */
export interface Planned {
  alarmId: number;
  tenantId: number;
  step: number;
  channel: string;
  target: string;
  targetName: string | null;
  userIds: number[] | null;
}

/** An alarm and the indices of its steps due in this sweep. */
export interface DueSteps {
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
  ) {}

  /**
   * The notifications of a sweep's due steps, by alarm id. The emergency contacts of all their
   * devices are read in one statement; an alarm whose steps could not be resolved is reported to
   * `failed` and reaches nobody.
   */
  async planAll(due: DueSteps[], failed: (alarmId: number, err: unknown) => void): Promise<Map<number, Planned[]>> {
    const deviceIds = due
      .filter((d) => d.steps.some((i) => d.plans[i]!.target === 'contacts'))
      .flatMap((d) => (d.alarm.deviceId ? [d.alarm.deviceId] : []));
    const contacts = await this.contacts(deviceIds).catch((err: unknown) => err as Error);
    const out = new Map<number, Planned[]>();
    for (const { alarm, steps, plans } of due) {
      try {
        const rows: Planned[] = [];
        for (const i of steps) rows.push(...(await this.plan(alarm, i, plans[i]!, contacts)));
        out.set(alarm.id, rows);
      } catch (err) {
        failed(alarm.id, err);
        out.set(alarm.id, []);
      }
    }
    return out;
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
    const consoles = async (): Promise<number[]> => {
      switch (step.target) {
        case 'repeat':
          return (await this.push.audience(record)).told;
        case 'operators':
          return (await this.push.audience(record)).viewers;
        case 'onDuty':
          // Nobody on duty for the community: the company's operators instead.
          return (await this.push.onDutyFor(alarm.tenantId, alarm.imei)) ?? (await this.push.audience(record)).viewers;
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
          const to = channel === 'email' ? p.email : p.phone;
          if (to) out.push({ ...base, channel, target: to, targetName: p.name, userIds: [p.id] });
        }
      }
    }
    // A step that reached nobody is on the record too.
    return out.length ? out : [{ ...base, channel: 'none', target: step.target, targetName: null, userIds: null }];
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
