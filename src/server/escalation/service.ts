import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { isCriticalType } from '../../shared/alarms/escalation';
import type { AlarmRecord } from '../../shared/alarms/push';
import type { SmsProvider } from '../auth/sms';
import { toAlarmRecord } from '../alarms/records';
import type { Db } from '../db/driver';
import { rowsOf } from '../db/rows';
import { alarmEscalations, alarmNotifications, alarmRecords } from '../db/schema';
import type { EscalationStepPlan } from '../db/schema';
import { Batcher } from '../lib/batcher';
import type { Clock } from '../lib/clock';
import type { PriorityGate } from '../lib/priority';
import { TenantCache } from '../lib/tenant-cache';
import type { AckLinks } from '../notify/ack-link';
import type { EmailProvider } from '../notify/email';
import type { VoiceCallProvider } from '../notify/voice-call';
import type { PushService } from '../push/service';
import { choosePolicy, loadPolicies, minuteOfDay, namedTypes, type PolicyPlan } from './policies';
import { Delivery, type Claimed } from './delivery';
import type { PhonePushes } from '../webpush/phones';
import { Targets, type Planned } from './targets';
import type { NotifyLang } from './text';

interface EscalationDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The company's clock, for policies by time of day. */
  timeZone: string;
  push: Pick<PushService, 'audience' | 'ring' | 'onDutyFor'>;
  sms: SmsProvider;
  voiceCalls: VoiceCallProvider;
  email: EmailProvider;
  lang?: NotifyLang;
  /** Reply links in SMS and e-mail (notify/ack-link.ts). */
  links?: AckLinks;
  /** Web Push to the users' phones (webpush/phones.ts); without, a push step fails and says so. */
  phones?: Pick<PhonePushes, 'alarm'>;
  /** Urgent work's turn at the database (lib/priority.ts): a sweep's claim waits for a new SOS. */
  priority?: PriorityGate;
  /** SWEEP_NOTIFICATIONS unless given (tests). */
  sweepNotifications?: number;
  /** Told the steps that fired, after their claim committed (the alarm hub's 'escalated'; must not throw). */
  onSteps?: (fired: FiredSteps[]) => void;
}

/** Steps of one alarm's policy that fired together (indices into its steps). */
interface FiredSteps {
  alarmId: number;
  tenantId: number;
  steps: number[];
  at: Date;
}

/** How often every replica looks for due steps: a step fires well within a second of its time. */
export const SWEEP_MS = 250;
/** Escalation rows claimed per sweep; more wait for the next one, a quarter of a second later. */
const SWEEP_BATCH = 1_000;
/**
 * Notifications claimed per sweep. In a mass incident (300 SOS open, a step to a thousand
 * operators each) one sweep would otherwise write and send 300,000 in one transaction, and a new
 * SOS would wait for its turn at the database behind all of them; the alarms past this wait for
 * the next sweep, in the order they fell due (the older alarm first on a tie). Small enough that a
 * claim's transaction (one insert) is a short wait for a new SOS that arrives during it
 * (docs/decisions.md "A new SOS first, always").
 */
const SWEEP_NOTIFICATIONS = 500;
/** A sweep claims nothing while this many sweeps' worth of notifications are still unsent. */
const UNSENT_SWEEPS = 4;
/** How far back a starting replica looks for critical alarms whose escalation was never opened. */
const RECOVER_MS = 3_600_000;
/** A notification still waiting this long was claimed by a replica that died: another sends it. */
const STALE_MS = 30_000;
const POLICY_TTL_MS = 30_000;

interface DueRow {
  alarmId: number;
  nextStep: number;
  steps: EscalationStepPlan[];
  raisedAt: Date;
}

interface EscalationStats {
  opened: number;
  steps: number;
  sent: number;
  failed: number;
}

/**
 * Escalation of critical alarms nobody acknowledged (docs/alarms.md#acknowledgement-and-escalation).
 * A raised critical alarm gets a row in alarm_escalations with the steps of its company's policy;
 * every replica sweeps the due rows, and the one that claims a row (`for update skip locked`)
 * writes that step's notifications and moves the row on in one transaction, so a step fires once
 * whatever the number of replicas or restarts. The notifications are then sent and their outcome
 * recorded; one left waiting by a replica that died is sent by another after STALE_MS. An
 * acknowledgement (or handling) is read in the same transaction: no step fires after it.
 */
export class EscalationService {
  readonly stats: EscalationStats = { opened: 0, steps: 0, sent: 0, failed: 0 };
  private readonly policies: TenantCache<PolicyPlan[]>;
  private readonly opening: Batcher<AlarmRecord>;
  private sweeping?: Promise<boolean>;
  private readonly sending = new Set<Promise<void>>();
  /** Notifications claimed and not yet sent. */
  private unsent = 0;
  private readonly targets: Targets;
  private readonly delivery: Delivery;
  private lastStale = 0;
  private closed = false;

  constructor(private readonly deps: EscalationDeps) {
    this.targets = new Targets(deps.db, deps.push, () => deps.clock.now());
    this.delivery = new Delivery({ ...deps, stats: this.stats });
    this.policies = new TenantCache((tenantId) => loadPolicies(deps.db, tenantId), deps.clock, POLICY_TTL_MS);
    this.opening = new Batcher<AlarmRecord>({
      log: deps.log,
      name: 'escalation',
      flushMs: 20,
      flushAt: 500,
      maxBatch: 2_000,
      maxQueue: 100_000,
      write: (batch) => this.open(batch),
      poison: (alarm, err) => deps.log.error({ err, alarmId: alarm.id }, 'escalation could not be opened'),
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.opening.close();
    await this.sweeping;
    await Promise.all([...this.sending]);
  }

  /** A policy or step changed: the company's policies are read again. */
  invalidate(tenantId?: number): void {
    this.policies.invalidate(tenantId);
  }

  /** An alarm was stored (the alarm hub's 'raised'): a critical one gets its escalation. */
  raised(alarm: AlarmRecord): void {
    if (this.closed || alarm.handleState !== 0 || alarm.level < 2) return;
    this.opening.push(alarm);
  }

  /** Waits until what was raised so far is opened and what is due now has fired and been sent. */
  async drain(): Promise<void> {
    await this.opening.drain();
    for (;;) {
      const more = await this.sweep();
      while (this.sending.size) await Promise.all([...this.sending]);
      if (!more) break;
    }
  }

  /** Opens the escalations of these alarms (once: a second open of an alarm changes nothing). */
  async open(alarms: AlarmRecord[]): Promise<void> {
    const rows: (typeof alarmEscalations.$inferInsert)[] = [];
    for (const tenantId of new Set(alarms.map((a) => a.tenantId))) {
      const policies = await this.policies.get(tenantId);
      if (policies.length === 0) continue;
      const named = namedTypes(policies);
      for (const a of alarms) {
        if (a.tenantId !== tenantId || a.ackedAt || !isCriticalType(a.type, named)) continue;
        const raisedAt = new Date(a.createdAt);
        const policy = choosePolicy(policies, a.type, minuteOfDay(raisedAt, this.deps.timeZone));
        if (!policy) continue;
        rows.push({
          alarmId: a.id,
          tenantId,
          policyId: policy.id,
          policyName: policy.name,
          steps: policy.steps,
          nextStep: 0,
          dueAt: new Date(raisedAt.getTime() + policy.steps[0]!.delay * 1000),
          state: 0,
          raisedAt,
        });
      }
    }
    for (let i = 0; i < rows.length; i += 500) {
      const part = rows.slice(i, i + 500);
      const stored = await this.deps.db
        .insert(alarmEscalations)
        .values(part)
        .onConflictDoNothing()
        .returning({ id: alarmEscalations.alarmId });
      this.stats.opened += stored.length;
    }
  }

  /** Critical alarms of the last hour nobody answered and no escalation was opened for (a crash in between). */
  async recover(): Promise<void> {
    const since = new Date(this.deps.clock.now() - RECOVER_MS);
    const missed = await this.deps.db
      .select()
      .from(alarmRecords)
      .where(
        and(
          sql`${alarmRecords.createdAt} > ${since.toISOString()}::timestamptz`,
          sql`${alarmRecords.ackedAt} is null`,
          eq(alarmRecords.handleState, 0),
          sql`${alarmRecords.level} >= 2`,
          sql`not exists (select 1 from alarm_escalations e where e.alarm_id = ${alarmRecords.id})`,
        ),
      )
      .limit(10_000);
    if (missed.length) await this.open(missed.map(toAlarmRecord));
  }

  /**
   * Fires the steps that are due (the plugin's sweep runs it every SWEEP_MS on every replica); one
   * sweep of this service at a time, a call during one waits for it and runs again. True when it
   * left due steps for the next (past its budget of notifications).
   */
  async sweep(): Promise<boolean> {
    while (this.sweeping) await this.sweeping;
    if (this.closed) return false;
    this.sweeping = this.sweepOnce().finally(() => (this.sweeping = undefined));
    return this.sweeping;
  }

  /** Resolved outside, claimed and recorded in one transaction, then sent. */
  private async sweepOnce(): Promise<boolean> {
    const budget = this.deps.sweepNotifications ?? SWEEP_NOTIFICATIONS;
    const now = new Date(this.deps.clock.now());
    if (now.getTime() - this.lastStale > STALE_MS) {
      this.lastStale = now.getTime();
      this.track(this.resendStale(now));
    }
    const due = rowsOf<{ alarm_id: number; next_step: number; steps: EscalationStepPlan[]; raised_at: string }>(
      await this.deps.db.execute(sql`
        select alarm_id, next_step, steps, raised_at from alarm_escalations
        where state = 0 and due_at <= ${now.toISOString()}::timestamptz
        order by due_at, alarm_id limit ${SWEEP_BATCH}`),
    ).map<DueRow>((r) => ({
      alarmId: r.alarm_id,
      nextStep: r.next_step,
      steps: typeof r.steps === 'string' ? JSON.parse(r.steps) : r.steps,
      raisedAt: new Date(r.raised_at),
    }));
    if (due.length === 0) return false;
    // The last sweeps' notifications are still going out: these wait, still due, for the next.
    if (this.unsent >= UNSENT_SWEEPS * budget) return true;
    const alarms = new Map(
      (
        await this.deps.db
          .select()
          .from(alarmRecords)
          .where(
            inArray(
              alarmRecords.id,
              due.map((d) => d.alarmId),
            ),
          )
      ).map((a) => [a.id, a]),
    );
    // Who each step reaches (every step due by now: two steps with one delay fire together), read
    // before the transaction (on PGlite a read beside it would wait for it).
    const planned = await this.targets.planAll(
      due.flatMap((d) => {
        const alarm = alarms.get(d.alarmId);
        if (!alarm || alarm.ackedAt || alarm.handleState !== 0) return [];
        return [{ alarm, steps: this.dueSteps(d, now), plans: d.steps }];
      }),
      (alarmId, err) => this.deps.log.error({ err, alarmId }, 'escalation step could not be resolved'),
      budget,
    );
    // Alarms past the budget are left as they are, due, for the next sweep.
    const taken = due.filter((d) => !planned.deferred.has(d.alarmId));
    if (taken.length === 0) return true;
    // A new SOS being stored and pushed goes first (on PGlite the claim holds the database).
    await this.deps.priority?.clear();
    const claimed = await this.deps.db.transaction(async (tx) => {
      const locked = rowsOf<{ alarm_id: number; next_step: number; acked: boolean }>(
        await tx.execute(sql`
          select e.alarm_id, e.next_step, (a.acked_at is not null or a.handle_state <> 0) as acked
          from alarm_escalations e join alarm_records a on a.id = e.alarm_id
          where e.alarm_id in (${sql.join(
            taken.map((d) => sql`${d.alarmId}`),
            sql`, `,
          )}) and e.state = 0
          for update of e skip locked`),
      );
      const byId = new Map(taken.map((d) => [d.alarmId, d]));
      const moves: { alarm_id: number; next_step: number; due_at: string | null; state: number }[] = [];
      const rows: Planned[] = [];
      const fired: FiredSteps[] = [];
      for (const l of locked) {
        const d = byId.get(l.alarm_id);
        // Another replica fired this step between the look and the lock: it is not fired again.
        if (!d || d.nextStep !== l.next_step) continue;
        if (l.acked || !planned.rows.has(d.alarmId)) {
          moves.push({ alarm_id: d.alarmId, next_step: d.nextStep, due_at: null, state: 1 });
          continue;
        }
        rows.push(...planned.rows.get(d.alarmId)!);
        const stepsNow = this.dueSteps(d, now);
        fired.push({ alarmId: d.alarmId, tenantId: alarms.get(d.alarmId)!.tenantId, steps: stepsNow, at: now });
        const next = d.nextStep + stepsNow.length;
        const step = d.steps[next];
        moves.push({
          alarm_id: d.alarmId,
          next_step: next,
          due_at: step ? new Date(d.raisedAt.getTime() + step.delay * 1000).toISOString() : null,
          state: step ? 0 : 2,
        });
      }
      if (moves.length)
        await tx.execute(sql`
          update alarm_escalations e
          set next_step = m.next_step, due_at = m.due_at, state = m.state
          from json_to_recordset(${JSON.stringify(moves)}::json)
            as m(alarm_id int, next_step int, due_at timestamptz, state int)
          where e.alarm_id = m.alarm_id`);
      const out: Claimed[] = [];
      for (let i = 0; i < rows.length; i += 500) {
        const part = rows.slice(i, i + 500);
        const ids = await tx
          .insert(alarmNotifications)
          .values(part.map((r) => ({ ...r, state: r.channel === 'none' ? 3 : 0, createdAt: now })))
          .returning({ id: alarmNotifications.id });
        part.forEach((r, j) => out.push({ ...r, id: ids[j]!.id }));
      }
      this.stats.steps += rows.length;
      return { out, fired };
    });
    if (claimed.fired.length && this.deps.onSteps) {
      try {
        this.deps.onSteps(claimed.fired);
      } catch (err) {
        this.deps.log.error({ err }, 'escalation step listener threw');
      }
    }
    const count = claimed.out.length;
    this.unsent += count;
    this.track(this.delivery.send(claimed.out, alarms).finally(() => (this.unsent -= count)));
    return planned.deferred.size > 0;
  }

  /** The indices of the steps of `d` due at `now`, from its next one (at least that one). */
  private dueSteps(d: DueRow, now: Date): number[] {
    const out = [d.nextStep];
    for (let i = d.nextStep + 1; i < d.steps.length; i++) {
      if (d.raisedAt.getTime() + d.steps[i]!.delay * 1000 > now.getTime()) break;
      out.push(i);
    }
    return out;
  }

  /** Notifications claimed by a replica that died before sending them: claimed again (a lease) and sent. */
  private async resendStale(now: Date): Promise<void> {
    const stale = rowsOf<{
      id: number;
      alarm_id: number;
      tenant_id: number;
      step: number;
      channel: string;
      target: string;
      target_name: string | null;
      user_ids: number[] | string | null;
    }>(
      await this.deps.db.execute(sql`
        update alarm_notifications set created_at = ${now.toISOString()}::timestamptz
        where id in (
          select id from alarm_notifications
          where state = 0 and created_at < ${new Date(now.getTime() - STALE_MS).toISOString()}::timestamptz
          order by id limit 500 for update skip locked)
        returning id, alarm_id, tenant_id, step, channel, target, target_name, user_ids`),
    );
    if (stale.length === 0) return;
    const claimed: Claimed[] = stale.map((r) => ({
      id: r.id,
      alarmId: r.alarm_id,
      tenantId: r.tenant_id,
      step: r.step,
      channel: r.channel,
      target: r.target,
      targetName: r.target_name,
      userIds: typeof r.user_ids === 'string' ? JSON.parse(r.user_ids) : r.user_ids,
    }));
    const alarms = await this.deps.db
      .select()
      .from(alarmRecords)
      .where(inArray(alarmRecords.id, [...new Set(claimed.map((c) => c.alarmId))]));
    await this.delivery.send(claimed, new Map(alarms.map((a) => [a.id, a])));
  }

  private track(p: Promise<void>): void {
    const t = p
      .catch((err: unknown) => this.deps.log.error({ err }, 'escalation delivery failed'))
      .finally(() => this.sending.delete(t));
    this.sending.add(t);
  }
}
