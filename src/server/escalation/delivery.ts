import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AlarmRecord } from '../../shared/alarms/push';
import type { SmsProvider } from '../auth/sms';
import type { AlarmContext } from '../alarms/hub';
import { contextOf, toAlarmRecord } from '../alarms/records';
import type { Db } from '../db/driver';
import type { AlarmRow } from '../db/schema';
import type { Clock } from '../lib/clock';
import type { PriorityGate } from '../lib/priority';
import type { AckLinks } from '../notify/ack-link';
import type { EmailProvider } from '../notify/email';
import type { VoiceCallProvider } from '../notify/voice-call';
import type { PushService } from '../push/service';
import type { Planned } from './targets';
import type { PhonePushes } from '../webpush/phones';
import { alarmText, type NotifyLang } from './text';

/** A stored notification: its row id beside what it sends. */
export interface Claimed extends Planned {
  id: number;
}

interface DeliveryDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  timeZone: string;
  push: Pick<PushService, 'ring'>;
  sms: SmsProvider;
  voiceCalls: VoiceCallProvider;
  email: EmailProvider;
  lang?: NotifyLang;
  /** Reply links for SMS and e-mail (docs/alarms.md "Acknowledge by replying"); none without. */
  links?: AckLinks;
  /** Web Push to the users' phones (webpush/phones.ts). */
  phones?: Pick<PhonePushes, 'alarm'>;
  /** Urgent work's turn at the database (lib/priority.ts). */
  priority?: Pick<PriorityGate, 'clear'>;
  /** Counted here: sent and failed notifications. */
  stats: { sent: number; failed: number };
}

/**
 * A push step to a user without a subscribed phone: recorded as failed with this message (the
 * timeline says who could not be reached), but an expected outcome, not a fault to log.
 */
class NoPhone extends Error {}

/** Voice calls synthesise speech (CPU): this many at once; other channels are I/O. */
const VOICE_AT_ONCE = 2;

/** Sends stored notifications on their channels and records each outcome in alarm_notifications. */
export class Delivery {
  private calling = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly deps: DeliveryDeps) {}

  /** Sends claimed notifications and records each outcome (one statement for all of them). */
  async send(claimed: Claimed[], alarms: Map<number, AlarmRow>): Promise<void> {
    const outcomes: { id: number; state: number; error: string | null; sent_at: string }[] = [];
    const lang = this.deps.lang ?? 'cn';
    await Promise.all(
      claimed
        .filter((n) => n.channel !== 'none')
        .map(async (n) => {
          const alarm = alarms.get(n.alarmId);
          try {
            if (!alarm) throw new Error('alarm gone');
            await this.deliver(n, toAlarmRecord(alarm), contextOf(alarm), lang);
            outcomes.push({ id: n.id, state: 1, error: null, sent_at: new Date(this.deps.clock.now()).toISOString() });
            this.deps.stats.sent++;
          } catch (err) {
            this.deps.stats.failed++;
            if (!(err instanceof NoPhone))
              this.deps.log.warn({ err, alarmId: n.alarmId, channel: n.channel }, 'escalation notification failed');
            const error = String((err as Error)?.message ?? err).slice(0, 500);
            outcomes.push({ id: n.id, state: 2, error, sent_at: new Date(this.deps.clock.now()).toISOString() });
          }
        }),
    );
    if (outcomes.length === 0) return;
    // Background work: a new SOS being stored and pushed goes first.
    await this.deps.priority?.clear();
    await this.deps.db.execute(sql`
      update alarm_notifications n set state = o.state, error = o.error, sent_at = o.sent_at
      from json_to_recordset(${JSON.stringify(outcomes)}::json) as o(id int, state int, error text, sent_at timestamptz)
      where n.id = o.id`);
  }

  private async deliver(n: Claimed, alarm: AlarmRecord, context: AlarmContext, lang: NotifyLang): Promise<void> {
    // The recipient's own reply link: a user takes the alarm under their name, a contact or an
    // external address under the number or address the message went to.
    const label = n.userIds?.length ? n.targetName || n.target : n.target;
    const link =
      this.deps.links && (n.channel === 'sms' || n.channel === 'email')
        ? await this.deps.links.url(alarm.id, alarm.tenantId, label)
        : undefined;
    // Only what a message says it: a console ring and a phone push carry the alarm itself.
    const text = () => alarmText(alarm, n.step, lang, this.deps.timeZone, link, n.distanceM);
    switch (n.channel) {
      case 'console':
        return this.deps.push.ring(n.userIds ?? [], alarm, context);
      case 'push':
        return this.phone(n, alarm, context);
      case 'sms':
        return this.deps.sms.send(n.target, text().short);
      case 'email': {
        const { subject, long } = text();
        return this.deps.email.send(n.target, subject, long);
      }
      case 'voice':
        return this.throttledVoice(() => this.deps.voiceCalls.call(n.target, text().spoken, lang));
      default:
        throw new Error(`unknown channel ${n.channel}`);
    }
  }

  /** A push step to one user's phones: sent when at least one of them took it. */
  private async phone(n: Claimed, alarm: AlarmRecord, context: AlarmContext): Promise<void> {
    if (!this.deps.phones) throw new Error('push is not configured');
    const userId = n.userIds?.[0];
    if (userId === undefined) throw new Error('no user');
    const distances = n.distanceM === undefined ? undefined : new Map([[userId, n.distanceM]]);
    const results = await this.deps.phones.alarm([userId], alarm, context, {
      forced: [userId],
      step: n.step,
      ...(distances ? { distances } : {}),
    });
    const result = results.get(userId);
    if (!result) throw new NoPhone('no phone subscribed to push');
    if (result.sent === 0) throw new Error(`push refused by ${result.failed + result.removed} phone(s)`);
  }

  /** Voice calls synthesise speech: VOICE_AT_ONCE at a time, the others wait their turn in order. */
  private async throttledVoice(call: () => Promise<void>): Promise<void> {
    // A finished call hands its slot to the next waiting one; a new call takes a free slot.
    if (this.calling >= VOICE_AT_ONCE) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.calling++;
    try {
      await call();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.calling--;
    }
  }
}
