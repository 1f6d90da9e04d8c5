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

  /** The notifications of one step of an alarm. */
  async plan(alarm: AlarmRow, index: number, step: EscalationStepPlan): Promise<Planned[]> {
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
          : (await this.contacts(alarm.deviceId)).map((c) => ({ name: c.name, phone: c.phone, email: '' }));
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

  /** The device's emergency contacts (its `contacts` setting). */
  private async contacts(deviceId: number | null): Promise<{ name: string; phone: string }[]> {
    if (!deviceId) return [];
    const [row] = await this.db.select({ settings: devices.settings }).from(devices).where(eq(devices.id, deviceId));
    return (row?.settings?.contacts ?? []).filter((c) => c.phone);
  }
}
