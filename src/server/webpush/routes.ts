import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import { PHONE_PUSH_KINDS } from '../../shared/alarms/phone-push';
import { pushPreferences, pushSubscriptions } from '../db/schema';
import { fail } from '../lib/api-error';
import { authed } from '../auth/request';

/** Subscriptions one user may hold (a phone, a tablet, a few browsers); the oldest goes past it. */
const MAX_PER_USER = 10;

const base64url = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+=*$/)
    .refine((s) => Buffer.from(s, 'base64url').length === bytes, `${bytes} bytes, base64url`);

/** `PushSubscription.toJSON()` as the browser gives it. */
const subscriptionBody = z.object({
  endpoint: z.string().url().max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64url(65),
    /** The authentication secret (16 bytes). */
    auth: base64url(16),
  }),
});

const removeBody = z.union([
  z.object({ endpoint: z.string().max(2048) }),
  z.object({ id: z.number().int().positive() }),
]);

/**
 * Web Push subscriptions of the logged-in user (docs/alarms.md "Push to phones"):
 * `GET /api/push/vapidPublicKey`, `POST /api/push/subscription` (the browser's subscription as it
 * is), `DELETE /api/push/subscription` or `POST /api/push/subscription/remove` (by endpoint, or by
 * id from the list), `POST /api/push/subscription/list` (the caller's own: "my devices"),
 * `GET`/`POST /api/push/preferences` (the kinds the caller wants on their phones).
 */
const webPushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/vapidPublicKey',
    { schema: { tags: ['push'], summary: "The service's VAPID public key (the browser's applicationServerKey)" } },
    async (_request, reply) => reply.ok({ publicKey: (await app.webPushKeys()).publicKey }),
  );

  app.post(
    '/subscription',
    {
      config: { write: true },
      schema: { tags: ['push'], summary: 'Subscribe this browser to pushes for the caller', body: subscriptionBody },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const { endpoint, keys } = request.body;
      const url = new URL(endpoint);
      if (url.protocol !== 'https:' && !(url.protocol === 'http:' && app.config.pushAllowHttp))
        fail(Code.BAD_REQUEST, 'pushEndpointInvalid');
      const userAgent = request.headers['user-agent']?.slice(0, 300) ?? null;
      const now = new Date(app.clock.now());
      // An endpoint is one browser: when another user signs in on it, the subscription moves to them.
      const [row] = await app.db
        .insert(pushSubscriptions)
        .values({
          tenantId: scope.tenantId,
          userId: scope.userId,
          endpoint,
          p256dh: keys.p256dh,
          auth: keys.auth,
          userAgent,
          createdAt: now,
        })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            tenantId: scope.tenantId,
            userId: scope.userId,
            p256dh: keys.p256dh,
            auth: keys.auth,
            userAgent,
            createdAt: now,
            lastStatus: null,
            failures: 0,
          },
        })
        .returning({ id: pushSubscriptions.id });
      const mine = await app.db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, scope.userId))
        .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
      for (const old of mine.slice(MAX_PER_USER))
        await app.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, old.id));
      app.phonePushes.invalidate(scope.tenantId);
      return reply.ok({ id: row!.id });
    },
  );

  const remove = async (
    { userId, tenantId }: { userId: number; tenantId: number },
    body: z.infer<typeof removeBody>,
  ) => {
    const which = 'id' in body ? eq(pushSubscriptions.id, body.id) : eq(pushSubscriptions.endpoint, body.endpoint);
    const gone = await app.db
      .delete(pushSubscriptions)
      .where(and(which, eq(pushSubscriptions.userId, userId)))
      .returning({ id: pushSubscriptions.id });
    app.phonePushes.invalidate(tenantId);
    return gone.length;
  };
  const removeSchema = { tags: ['push'], summary: "Remove one of the caller's push subscriptions", body: removeBody };
  app.delete('/subscription', { config: { write: true }, schema: removeSchema }, async (request, reply) =>
    reply.ok({ removed: await remove(authed(request).scope, request.body) }),
  );
  app.post('/subscription/remove', { config: { write: true }, schema: removeSchema }, async (request, reply) =>
    reply.ok({ removed: await remove(authed(request).scope, request.body) }),
  );

  app.post(
    '/subscription/list',
    {
      schema: {
        tags: ['push'],
        summary: "The caller's push subscriptions (my devices)",
        body: z.object({}).optional(),
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const rows = await app.db
        .select({
          id: pushSubscriptions.id,
          userAgent: pushSubscriptions.userAgent,
          createdAt: pushSubscriptions.createdAt,
          lastDeliveryAt: pushSubscriptions.lastDeliveryAt,
          lastStatus: pushSubscriptions.lastStatus,
          endpoint: pushSubscriptions.endpoint,
        })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, scope.userId))
        .orderBy(desc(pushSubscriptions.createdAt));
      return reply.ok(
        rows.map((r) => ({
          id: r.id,
          userAgent: r.userAgent,
          // The push service's host only: the path identifies the browser to it, and is a secret of sorts.
          service: new URL(r.endpoint).host,
          createdAt: r.createdAt.toISOString(),
          lastDeliveryAt: r.lastDeliveryAt?.toISOString() ?? null,
          lastStatus: r.lastStatus,
        })),
      );
    },
  );

  // What the caller wants pushed (docs/alarms.md "Push to phones"): no row means every kind. An SOS
  // reaches the staff on duty whatever they chose (src/server/plugins/push.ts), the console says so.
  const preferencesBody = z.object({ kinds: z.array(z.enum(PHONE_PUSH_KINDS)).max(PHONE_PUSH_KINDS.length) });
  app.get(
    '/preferences',
    { schema: { tags: ['push'], summary: 'The kinds of pushes the caller wants on their phones' } },
    async (request, reply) => {
      const { scope } = authed(request);
      const [row] = await app.db
        .select({ kinds: pushPreferences.kinds, updatedAt: pushPreferences.updatedAt })
        .from(pushPreferences)
        .where(and(eq(pushPreferences.userId, scope.userId), eq(pushPreferences.tenantId, scope.tenantId)));
      // Kinds a later release dropped are left out; a stored list is kept in the contract's order.
      const kinds = row ? PHONE_PUSH_KINDS.filter((k) => row.kinds.includes(k)) : [...PHONE_PUSH_KINDS];
      return reply.ok({ kinds, all: PHONE_PUSH_KINDS, updatedAt: row?.updatedAt.toISOString() ?? null });
    },
  );
  app.post(
    '/preferences',
    {
      config: { write: true },
      schema: {
        tags: ['push'],
        summary: 'Choose the kinds of pushes the caller wants on their phones',
        body: preferencesBody,
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const kinds = PHONE_PUSH_KINDS.filter((k) => request.body.kinds.includes(k));
      const now = new Date(app.clock.now());
      await app.db
        .insert(pushPreferences)
        .values({ userId: scope.userId, tenantId: scope.tenantId, kinds, updatedAt: now })
        .onConflictDoUpdate({
          target: pushPreferences.userId,
          set: { tenantId: scope.tenantId, kinds, updatedAt: now },
        });
      app.phonePushes.invalidate(scope.tenantId);
      return reply.ok({ kinds });
    },
  );
};

export default webPushRoutes;
