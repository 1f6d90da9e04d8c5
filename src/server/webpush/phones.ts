import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AlarmRecord } from '../../shared/alarms/push';
import type { PhoneDoorCallPush, PhonePushKind } from '../../shared/alarms/phone-push';
import { PHONE_PUSH_KINDS } from '../../shared/alarms/phone-push';
import type { AlarmContext } from '../alarms/hub';
import type { Db } from '../db/driver';
import { pushPreferences, pushSubscriptions, users } from '../db/schema';
import type { Clock } from '../lib/clock';
import { TenantCache } from '../lib/tenant-cache';
import type { AckLinks } from '../notify/ack-link';
import { alarmPushKind, phoneAlarmPush } from './payloads';
import type { SendResult, WebPush } from './sender';

/** A company's users who hold a subscription, with their names and chosen kinds (null: every kind). */
type Audience = Map<number, { name: string; kinds: ReadonlySet<string> | null }>;

/**
 * How long a company's audience is reused. The subscription and preference routes forget it at once
 * on their replica; another replica sees a new subscription within this long.
 */
const AUDIENCE_TTL_MS = 15_000;

/** How long a push service keeps an alarm for a phone that is off: an hour-old SOS still matters. */
const PHONE_TTL_S = 3600;
/** A door call rings for a minute or two: after that the push is noise. */
const DOOR_CALL_TTL_S = 60;

interface PhonePushesDeps {
  db: Db;
  webPush: Pick<WebPush, 'toUsers' | 'toEach'>;
  clock: Clock;
  log: FastifyBaseLogger;
  timeZone: string;
  /** Signs each push's Acknowledge action; without, the notification has Open only. */
  links?: Pick<AckLinks, 'path'>;
}

interface AlarmPushOptions {
  /** Users who get it whatever kinds they chose (an SOS's on-duty staff). */
  forced?: readonly number[];
  /** An escalation step's push: its index (the kind is then 'escalation'). */
  step?: number;
  /** For the `nearest` target: metres from the alarm, by user. */
  distances?: ReadonlyMap<number, number>;
}

/**
 * What goes to patrol phones (docs/alarms.md "Push to phones"): alarms and escalation steps, each
 * user's payload carrying their own Acknowledge link, filtered by the kinds each user chose; door
 * calls. Who holds a subscription is read once per company and reused, so an alarm for users
 * without phones costs no statement.
 */
export class PhonePushes {
  private readonly audience: TenantCache<Audience>;

  constructor(private readonly deps: PhonePushesDeps) {
    this.audience = new TenantCache((tenantId) => this.load(tenantId), deps.clock, AUDIENCE_TTL_MS);
  }

  /** A subscription or a preference of the company changed on this replica. */
  invalidate(tenantId: number): void {
    this.audience.invalidate(tenantId);
  }

  /**
   * Pushes an alarm to the subscriptions of `userIds`, each user's own payload; by user, what their
   * push services answered (users with no subscription, or who turned the kind off, are absent).
   */
  async alarm(
    userIds: readonly number[],
    alarm: AlarmRecord,
    context: AlarmContext,
    opts: AlarmPushOptions = {},
  ): Promise<Map<number, SendResult>> {
    const out = new Map<number, SendResult>();
    if (!userIds.length) return out;
    const kind: PhonePushKind = opts.step === undefined ? alarmPushKind(alarm) : 'escalation';
    const forced = new Set(opts.forced);
    const audience = await this.audience.get(alarm.tenantId);
    const wanted = userIds.filter((id) => {
      const user = audience.get(id);
      return user && (forced.has(id) || !user.kinds || user.kinds.has(kind));
    });
    const items = await Promise.all(
      wanted.map(async (userId) => {
        const ack = await this.deps.links
          ?.path(alarm.id, alarm.tenantId, audience.get(userId)!.name, userId)
          .catch((err: unknown) => {
            this.deps.log.warn({ err, alarmId: alarm.id }, 'phone push: acknowledge link not signed');
            return null;
          });
        const payload = phoneAlarmPush(alarm, context, {
          timeZone: this.deps.timeZone,
          ack: ack ?? null,
          ...(opts.step === undefined ? {} : { step: opts.step }),
          ...(opts.distances ? { distanceM: opts.distances.get(userId) ?? null } : {}),
        });
        return { userId, body: JSON.stringify(payload) };
      }),
    );
    const sent = await this.deps.webPush.toEach(items, {
      urgency: 'high',
      ttl: PHONE_TTL_S,
      topic: `alarm-${alarm.id}`,
    });
    for (const [userId, result] of sent ?? []) out.set(userId, result);
    return out;
  }

  /** A door unit calls: its on-duty staff's phones ring too (who chose door calls). */
  async doorCall(
    tenantId: number,
    userIds: readonly number[],
    call: Omit<PhoneDoorCallPush, 'v' | 'kind' | 'push' | 'timeZone' | 'tag'>,
  ): Promise<void> {
    if (!userIds.length) return;
    const audience = await this.audience.get(tenantId);
    const wanted = userIds.filter((id) => {
      const user = audience.get(id);
      return user && (!user.kinds || user.kinds.has('doorCall'));
    });
    const payload: PhoneDoorCallPush = {
      v: 1,
      kind: 'doorCall',
      push: 'doorCall',
      ...call,
      timeZone: this.deps.timeZone,
      tag: `door-${call.imei}`,
    };
    await this.deps.webPush.toUsers(wanted, payload, {
      urgency: 'high',
      ttl: DOOR_CALL_TTL_S,
      topic: `door-${call.imei}`.slice(0, 32),
    });
  }

  private async load(tenantId: number): Promise<Audience> {
    const rows = await this.deps.db
      .selectDistinct({
        userId: pushSubscriptions.userId,
        name: users.name,
        username: users.username,
        kinds: pushPreferences.kinds,
      })
      .from(pushSubscriptions)
      .innerJoin(users, eq(users.id, pushSubscriptions.userId))
      .leftJoin(pushPreferences, eq(pushPreferences.userId, pushSubscriptions.userId))
      .where(eq(pushSubscriptions.tenantId, tenantId));
    const known = new Set<string>(PHONE_PUSH_KINDS);
    return new Map(
      rows.map((r) => [
        r.userId,
        { name: r.name || r.username, kinds: r.kinds ? new Set(r.kinds.filter((k) => known.has(k))) : null },
      ]),
    );
  }
}
