import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AlarmTimeline, AlarmTimelineEntry } from '../../shared/alarms/api';
import type { Db } from '../db/driver';
import { alarmEscalations, alarmNotifications, alarmRecords as a, users } from '../db/schema';
import { maskEmail, maskPhone } from '../../shared/mask';
import { scopedWhere, type Scope } from '../db/scope';

const OUTCOME = ['waiting', 'sent', 'failed', 'nobody'] as const;
const ESCALATION = ['running', 'acknowledged', 'done'] as const;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * What happened to one alarm, in order (the detail's timeline, docs/alarms.md#acknowledgement-and-escalation):
 * raised, each notification an escalation step sent (whom, channel, outcome), acknowledged, handled.
 * Undefined when the caller may not see the alarm.
 */
export async function timelineOf(
  db: Db,
  scope: Scope,
  id: number,
  /** The caller may not see personal data in full: numbers and addresses are masked. */
  mask = false,
): Promise<AlarmTimeline | undefined> {
  const [alarm] = await db
    .select()
    .from(a)
    .where(scopedWhere(scope, a, eq(a.id, id)));
  if (!alarm) return undefined;
  const [escalation] = await db.select().from(alarmEscalations).where(eq(alarmEscalations.alarmId, id));
  const sent = await db
    .select()
    .from(alarmNotifications)
    .where(and(eq(alarmNotifications.alarmId, id), eq(alarmNotifications.tenantId, alarm.tenantId)))
    .orderBy(asc(alarmNotifications.createdAt), asc(alarmNotifications.id));
  // Consoles and phones are users: named, never a number to mask.
  const byUser = (channel: string) => channel === 'console' || channel === 'push';
  const ids = [...new Set(sent.flatMap((n) => (byUser(n.channel) ? (n.userIds ?? []) : [])))];
  const names = new Map(
    ids.length
      ? (
          await db
            .select({ id: users.id, name: users.name })
            .from(users)
            .where(and(inArray(users.id, ids), eq(users.tenantId, alarm.tenantId)))
        ).map((u) => [u.id, u.name ?? String(u.id)])
      : [],
  );
  const entries: AlarmTimelineEntry[] = [{ at: iso(alarm.createdAt)!, kind: 'raised' }];
  for (const n of sent)
    entries.push({
      at: iso(n.sentAt ?? n.createdAt)!,
      kind: 'notified',
      step: n.step,
      channel: n.channel,
      target: byUser(n.channel)
        ? (n.userIds ?? []).map((u) => names.get(u) ?? String(u)).join(', ')
        : [n.targetName, mask ? (n.target.includes('@') ? maskEmail(n.target) : maskPhone(n.target)) : n.target]
            .filter(Boolean)
            .join(' '),
      outcome: OUTCOME[n.state] ?? 'waiting',
      error: n.error,
    });
  if (alarm.ackedAt)
    entries.push({
      at: iso(alarm.ackedAt)!,
      kind: 'acknowledged',
      by: alarm.ackedByName,
      ...(alarm.ackedVia === 'push' || alarm.ackedVia === 'link' ? { via: alarm.ackedVia } : {}),
    });
  if (alarm.handleState !== 0 && alarm.handledAt)
    entries.push({ at: iso(alarm.handledAt)!, kind: 'handled', by: alarm.handlerName });
  entries.sort((x, y) => x.at.localeCompare(y.at));
  return {
    policyName: escalation?.policyName ?? null,
    escalation: escalation ? (ESCALATION[escalation.state] ?? 'done') : 'none',
    nextDueAt: escalation?.state === 0 ? iso(escalation.dueAt) : null,
    entries,
  };
}
