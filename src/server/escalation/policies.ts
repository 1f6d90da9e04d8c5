import { and, asc, eq } from 'drizzle-orm';
import { channelsFor, type EscalationChannel } from '../../shared/alarms/escalation';
import { escalationPolicies } from '../../entities/escalation-policy/table';
import { escalationSteps } from '../../entities/escalation-step/table';
import type { Db } from '../db/driver';
import type { EscalationStepPlan } from '../db/schema';

/** An enabled policy with its steps in the order they fire. */
export interface PolicyPlan {
  id: number;
  name: string;
  alarmType: number | null;
  fromTime: string | null;
  toTime: string | null;
  steps: EscalationStepPlan[];
}

/** A company's enabled policies and their steps (two statements). */
export async function loadPolicies(db: Db, tenantId: number): Promise<PolicyPlan[]> {
  const policies = await db
    .select()
    .from(escalationPolicies)
    .where(and(eq(escalationPolicies.tenantId, tenantId), eq(escalationPolicies.enabled, true)))
    .orderBy(asc(escalationPolicies.id));
  if (policies.length === 0) return [];
  const steps = await db
    .select()
    .from(escalationSteps)
    .where(eq(escalationSteps.tenantId, tenantId))
    .orderBy(asc(escalationSteps.delaySeconds), asc(escalationSteps.id));
  return policies.map((p) => ({
    id: p.id,
    name: p.name,
    alarmType: p.alarmType,
    fromTime: p.fromTime,
    toTime: p.toTime,
    steps: steps
      .filter((s) => s.policyId === p.id)
      .map((s) => {
        const chosen: Record<EscalationChannel, boolean> = {
          console: s.viaConsole,
          push: s.viaPush,
          sms: s.viaSms,
          voice: s.viaVoice,
          email: s.viaEmail,
        };
        return {
          delay: s.delaySeconds,
          target: s.target as EscalationStepPlan['target'],
          userId: s.userId,
          roleId: s.roleId,
          address: s.address,
          ...(s.target === 'nearest' ? { nearestCount: s.nearestCount, nearestMeters: s.nearestMeters } : {}),
          channels: channelsFor(s.target, s.address).filter((c) => chosen[c]),
        };
      })
      .filter((s) => s.channels.length > 0),
  }));
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether `minute` (of the day) is inside from-to; an end before the start runs past midnight. */
function inWindow(p: Pick<PolicyPlan, 'fromTime' | 'toTime'>, minute: number): boolean {
  if (!p.fromTime || !p.toTime) return true;
  const from = minutes(p.fromTime);
  const to = minutes(p.toTime);
  return from <= to ? minute >= from && minute < to : minute >= from || minute < to;
}

/**
 * The policy for an alarm of `type` raised at `minute` of the company's day: one naming the type
 * before one for every critical type, one with hours before an all-day one, then the oldest.
 */
export function choosePolicy(policies: readonly PolicyPlan[], type: number, minute: number): PolicyPlan | undefined {
  const score = (p: PolicyPlan) => (p.alarmType === type ? 2 : 0) + (p.fromTime && p.toTime ? 1 : 0);
  return policies
    .filter((p) => (p.alarmType === null || p.alarmType === type) && inWindow(p, minute) && p.steps.length > 0)
    .sort((a, b) => score(b) - score(a) || a.id - b.id)[0];
}

/** The types a company made critical by naming them in an enabled policy. */
export function namedTypes(policies: readonly PolicyPlan[]): Set<number> {
  return new Set(policies.flatMap((p) => (p.alarmType === null ? [] : [p.alarmType])));
}

/** The minute of the day at `at` in `timeZone` (the company's clock, docs/decisions.md "Time zones"). */
export function minuteOfDay(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(at)
    .reduce<Record<string, string>>((o, p) => ((o[p.type] = p.value), o), {});
  return Number(parts.hour) * 60 + Number(parts.minute);
}
