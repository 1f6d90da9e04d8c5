import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Db } from '../db/driver';
import { pushSubscriptions } from '../db/schema';
import type { VapidKeys } from './keys';

/** How the push service treats a message (RFC 8030 section 5.3): an SOS wakes a phone on a low battery. */
type Urgency = 'very-low' | 'low' | 'normal' | 'high';

interface PushOptions {
  urgency: Urgency;
  /** Seconds the push service keeps the message for a phone that is off (RFC 8030 section 5.2). */
  ttl: number;
  /** A later message with the same topic replaces this one while undelivered (at most 32 URL-safe characters). */
  topic?: string;
}

export interface SendResult {
  sent: number;
  /** Subscriptions the push service said are gone (404, 410): deleted. */
  removed: number;
  failed: number;
}

interface WebPushDeps {
  db: Db;
  keys: () => Promise<VapidKeys>;
  log: FastifyBaseLogger;
  now: () => number;
  /** How long one push service may take to answer. */
  timeoutMs?: number;
}

/** Requests to push services in flight at once: an SOS to a thousand phones goes out in waves of this many. */
const IN_FLIGHT = 32;
const TIMEOUT_MS = 10_000;
/** A VAPID JWT's lifetime (RFC 8292 allows up to 24 h), and how much of it must be left to reuse it. */
const VAPID_TTL_MS = 12 * 3_600_000;
const VAPID_REUSE_LEFT_MS = 3_600_000;

/**
 * Web Push (RFC 8030 / 8291 / 8292) to the users' subscribed browsers and installed apps. The
 * payload is encrypted for each subscription (aes128gcm) and the request signed with the service's
 * VAPID key by the web-push package; the request itself goes out here, with a timeout and without
 * following redirects, so an endpoint over plain http (a local push service, PUSH_ALLOW_HTTP) works
 * as an https one does. A subscription the push service answers 404 or 410 is deleted.
 */
export class WebPush {
  private readonly vapidHeaders = new Map<string, { header: string; exp: number; key: string }>();

  constructor(private readonly deps: WebPushDeps) {}

  /** Sends `payload` to every subscription of `userIds`; never throws (failures are counted and logged). */
  async toUsers(userIds: readonly number[], payload: object, opts: PushOptions): Promise<SendResult> {
    const body = JSON.stringify(payload);
    const results = await this.toEach(
      userIds.map((userId) => ({ userId, body })),
      opts,
    );
    const total: SendResult = { sent: 0, removed: 0, failed: 0 };
    if (!results) return { ...total, failed: userIds.length };
    for (const r of results.values()) {
      total.sent += r.sent;
      total.removed += r.removed;
      total.failed += r.failed;
    }
    return total;
  }

  /**
   * Sends each user their own payload (an alarm's Acknowledge link is theirs) on every subscription
   * they hold: one statement reads the subscriptions of all of them and one or two record the
   * answers, however many phones (an SOS to a thousand phones is not three thousand statements).
   * By user, what their push services answered; users without a subscription are absent;
   * undefined when the subscriptions could not be read. Never throws.
   */
  async toEach(
    items: readonly { userId: number; body: string }[],
    opts: PushOptions,
  ): Promise<Map<number, SendResult> | undefined> {
    const out = new Map<number, SendResult>();
    if (!items.length) return out;
    const bodies = new Map(items.map((i) => [i.userId, i.body]));
    let subs: { id: number; userId: number; endpoint: string; p256dh: string; auth: string }[];
    let keys: VapidKeys;
    try {
      [subs, keys] = await Promise.all([
        this.deps.db
          .select({
            id: pushSubscriptions.id,
            userId: pushSubscriptions.userId,
            endpoint: pushSubscriptions.endpoint,
            p256dh: pushSubscriptions.p256dh,
            auth: pushSubscriptions.auth,
          })
          .from(pushSubscriptions)
          .where(inArray(pushSubscriptions.userId, [...bodies.keys()])),
        this.deps.keys(),
      ]);
    } catch (err) {
      this.deps.log.error({ err }, 'web push: subscriptions could not be read');
      return undefined;
    }
    const delivered = new Map<number, number[]>();
    const gone: number[] = [];
    const refused = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < subs.length) {
        const sub = subs[next++]!;
        const result = out.get(sub.userId) ?? out.set(sub.userId, { sent: 0, removed: 0, failed: 0 }).get(sub.userId)!;
        const status = await this.send(sub, bodies.get(sub.userId)!, keys, opts);
        if (status === 404 || status === 410) {
          result.removed++;
          gone.push(sub.id);
        } else if (status >= 200 && status < 300) {
          result.sent++;
          (delivered.get(status) ?? delivered.set(status, []).get(status)!).push(sub.id);
        } else {
          result.failed++;
          refused.set(sub.id, status);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, subs.length) }, worker));
    await this.record(delivered, gone, refused).catch((err: unknown) =>
      this.deps.log.warn({ err }, 'web push: delivery state not recorded'),
    );
    return out;
  }

  /** The push services' answers on the subscriptions: in as few statements as there are kinds of answer. */
  private async record(delivered: Map<number, number[]>, gone: number[], refused: Map<number, number>): Promise<void> {
    if (gone.length) await this.deps.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
    for (const [status, ids] of delivered)
      await this.deps.db
        .update(pushSubscriptions)
        .set({ lastDeliveryAt: new Date(this.deps.now()), lastStatus: status, failures: 0 })
        .where(inArray(pushSubscriptions.id, ids));
    for (const [id, status] of refused)
      await this.deps.db
        .update(pushSubscriptions)
        .set({ lastStatus: status, failures: sql`${pushSubscriptions.failures} + 1` })
        .where(eq(pushSubscriptions.id, id));
  }

  /**
   * The VAPID `Authorization` header for a push service (RFC 8292): a JWT for its origin, reused
   * while it has more than an hour left. Signing one costs about a millisecond (the web-push
   * package converts the key each time), a third of all the work of an SOS to a thousand phones;
   * the phones of a site share a handful of push services.
   */
  private vapid(endpoint: string, keys: VapidKeys): string {
    const audience = new URL(endpoint).origin;
    const now = Date.now();
    const cached = this.vapidHeaders.get(audience);
    if (cached && cached.key === keys.publicKey && cached.exp - now > VAPID_REUSE_LEFT_MS) return cached.header;
    const exp = now + VAPID_TTL_MS;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      keys.subject,
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
      Math.floor(exp / 1000),
    ) as { Authorization: string };
    this.vapidHeaders.set(audience, { header: Authorization, exp, key: keys.publicKey });
    return Authorization;
  }

  /** One request; the push service's status, or 0 when it could not be reached in time. */
  private async send(
    sub: { endpoint: string; p256dh: string; auth: string },
    body: string,
    keys: VapidKeys,
    opts: PushOptions,
  ): Promise<number> {
    try {
      const request = webpush.generateRequestDetails(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        body,
        {
          headers: { Authorization: this.vapid(sub.endpoint, keys) },
          TTL: opts.ttl,
          urgency: opts.urgency,
          ...(opts.topic ? { topic: opts.topic } : {}),
          contentEncoding: 'aes128gcm',
        },
      );
      const headers: Record<string, string> = {};
      // fetch sets the length itself.
      for (const [k, v] of Object.entries(request.headers))
        if (k.toLowerCase() !== 'content-length') headers[k] = String(v);
      const res = await fetch(request.endpoint, {
        method: 'POST',
        headers,
        body: request.body ? new Uint8Array(request.body) : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.deps.timeoutMs ?? TIMEOUT_MS),
      });
      await res.arrayBuffer().catch(() => undefined);
      if (res.status >= 300 && res.status !== 404 && res.status !== 410)
        this.deps.log.warn({ status: res.status, endpoint: origin(sub.endpoint) }, 'web push refused');
      return res.status;
    } catch (err) {
      this.deps.log.warn({ err, endpoint: origin(sub.endpoint) }, 'web push could not be sent');
      return 0;
    }
  }
}

/** The push service's address without the subscription's own path (which identifies the browser). */
function origin(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return '?';
  }
}
