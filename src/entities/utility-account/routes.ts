import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import { ORDER_STATUS, PAY_METHOD_NAMES, type PaymentPurpose } from '../../shared/payments';
import type { PermissionMark } from '../../shared/permissions';
import { tenantWhere } from '../../server/db/scope';
import { fail } from '../../server/lib/api-error';
import { authed } from '../../server/auth/request';
import type { ResourceChange } from '../../server/events';
import type { Payment } from '../../server/payments';
import { rooms } from '../room';
import { applyReading, creditTopup, dailySql, debitRefund, resettle, withAlarms } from './charging';
import utilityAccount, {
  READING_SOURCE,
  TOPUP_MAX_YUAN,
  UTILITY_KIND,
  UTILITY_MARK_READING,
  UTILITY_MARK_TOPUP,
  UTILITY_ROUTE,
  utilityStateOf,
  type UtilityKind,
} from './resource';
import { utilityAccounts, utilityLedger, utilityTopups } from './table';
import gatewayRoutes from './gateway-routes';

const tags = ['user'];
const id = z.number().int().positive();
const menus = [...utilityAccount.routes];
/** The payment purpose kind of a utility top-up (its ref is the top-up's id). */
const UTILITY_PURPOSE = 'utility';

/** A top-up amount in yuan: more than 0, at most TOPUP_MAX_YUAN, whole fen. */
export function topupFen(yuan: number): number | undefined {
  const fen = Math.round(yuan * 100);
  return Number.isFinite(yuan) && yuan > 0 && yuan <= TOPUP_MAX_YUAN && Math.abs(fen - yuan * 100) < 1e-6
    ? fen
    : undefined;
}

const plugin: FastifyPluginAsyncZod = async (app) => {
  const announce = (rows: Parameters<typeof app.alarmEngine.announce>[0]) => app.alarmEngine.announce(rows);
  const now = () => new Date(app.clock.now());

  async function accountInScope(request: Parameters<typeof authed>[0], accountId: number) {
    const { scope } = authed(request);
    const [a] = await app.db
      .select()
      .from(utilityAccounts)
      .where(and(eq(utilityAccounts.id, accountId), tenantWhere(scope, utilityAccounts)));
    if (!a) fail(Code.NOT_FOUND, 'notFound');
    return a!;
  }

  app.post(
    '/ledger',
    {
      config: { menus },
      schema: {
        tags,
        summary: "An account's ledger, newest first: charged readings, top-ups, refused and held readings",
        body: z.object({
          accountId: id,
          page: z.number().int().min(1).max(10_000).default(1),
          size: z.number().int().min(1).max(200).default(20),
        }),
      },
    },
    async (request, reply) => {
      const a = await accountInScope(request, request.body.accountId);
      const { page, size } = request.body;
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(utilityLedger)
          .where(eq(utilityLedger.accountId, a.id))
          .orderBy(desc(utilityLedger.at), desc(utilityLedger.id))
          .limit(size)
          .offset((page - 1) * size),
        app.db
          .select({ n: sql<number>`count(*)::int` })
          .from(utilityLedger)
          .where(eq(utilityLedger.accountId, a.id)),
      ]);
      return reply.ok({
        rows: rows.map((r) => ({ ...r, at: r.at.toISOString(), createdAt: r.createdAt.toISOString() })),
        total: total?.n ?? 0,
      });
    },
  );

  app.post(
    '/daily',
    {
      config: { menus },
      schema: {
        tags,
        summary: 'Daily consumption of an account (kWh or m³ and fen charged), days of TIME_ZONE',
        body: z.object({ accountId: id, days: z.number().int().min(1).max(366).default(30) }),
      },
    },
    async (request, reply) => {
      const a = await accountInScope(request, request.body.accountId);
      const since = new Date(app.clock.now() - request.body.days * 86_400_000);
      const result = await app.db.execute(dailySql(a.id, since, app.config.timeZone));
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
        day: string;
        used: number;
        fen: number;
      }[];
      return reply.ok({
        rows: rows.map((r) => ({ day: r.day, used: Math.round(Number(r.used) * 1000) / 1000, fen: Number(r.fen) })),
      });
    },
  );

  app.post(
    '/topups',
    {
      config: { menus },
      schema: { tags, summary: "An account's top-up orders, newest first", body: z.object({ accountId: id }) },
    },
    async (request, reply) => {
      const a = await accountInScope(request, request.body.accountId);
      const rows = await app.db
        .select()
        .from(utilityTopups)
        .where(eq(utilityTopups.accountId, a.id))
        .orderBy(desc(utilityTopups.id))
        .limit(100);
      return reply.ok({
        rows: rows.map((r) => ({
          ...r,
          paidAt: r.paidAt?.toISOString() ?? null,
          createdAt: r.createdAt.toISOString(),
        })),
      });
    },
  );

  app.post(
    '/reading',
    {
      config: { mark: UTILITY_MARK_READING as PermissionMark },
      schema: {
        tags,
        summary: "Enter a meter reading by hand: charged like the meter's own (lower refused, implausible jumps held)",
        body: z.object({ accountId: id, reading: z.number().finite().min(0).max(1e9) }),
      },
    },
    async (request, reply) => {
      const a = await accountInScope(request, request.body.accountId);
      const { user } = authed(request);
      const { result } = await withAlarms(app.db, announce, (tx) =>
        applyReading(tx, a.id, request.body.reading, now(), {
          source: READING_SOURCE.manual,
          userName: user.name || user.username,
        }),
      );
      if (result.key !== 'ok') fail(Code.BAD_REQUEST, result.key);
      return reply.ok(result);
    },
  );

  app.post(
    '/topup',
    {
      config: { mark: UTILITY_MARK_TOPUP as PermissionMark },
      schema: {
        tags,
        summary:
          'Top up an account: a top-up order and its payment; answers the pay page to open. Credited when the payment succeeds',
        body: z.object({
          accountId: id,
          amount: z.number(),
          method: z.enum(PAY_METHOD_NAMES as [string, ...string[]]).default('sandbox'),
        }),
      },
    },
    async (request, reply) => {
      const a = await accountInScope(request, request.body.accountId);
      const amountFen = topupFen(request.body.amount);
      if (amountFen === undefined) fail(Code.BAD_REQUEST, 'topupAmountInvalid');
      const method = request.body.method as (typeof PAY_METHOD_NAMES)[number];
      if (!app.payments.methods().includes(method)) fail(Code.BAD_REQUEST, 'payMethodUnavailable');
      const { scope, user } = authed(request);
      const [room] = await app.db.select({ name: rooms.name }).from(rooms).where(eq(rooms.id, a.roomId));
      const [t] = await app.db
        .insert(utilityTopups)
        .values({ tenantId: a.tenantId, accountId: a.id, amountFen: amountFen!, method, userId: user.id })
        .returning();
      const purpose: PaymentPurpose = { kind: UTILITY_PURPOSE, ref: String(t!.id) };
      const subject = `${a.kind === UTILITY_KIND.electricity ? '电费' : '水费'}充值 ${room?.name ?? a.meterNo}`;
      try {
        const { payment, checkout } = await app.payments.create(scope, {
          purpose,
          subject,
          amountFen: amountFen!,
          method,
          returnPath: `/${UTILITY_ROUTE[a.kind as UtilityKind]}`,
          userId: user.id,
        });
        await app.db.update(utilityTopups).set({ orderNo: payment.orderNo }).where(eq(utilityTopups.id, t!.id));
        return reply.ok({
          topupId: t!.id,
          orderNo: payment.orderNo,
          amountFen: amountFen!,
          payUrl: checkout.payUrl ?? null,
          qrCode: checkout.qrCode ?? null,
        });
      } catch (err) {
        await app.db.update(utilityTopups).set({ status: ORDER_STATUS.cancelled }).where(eq(utilityTopups.id, t!.id));
        throw err;
      }
    },
  );

  app.post(
    '/openAll',
    {
      config: { mark: 'utilityAccount:add' as PermissionMark },
      schema: {
        tags,
        summary:
          'Open an account of this kind for every room of a community that has none (meter numbers generated, threshold default)',
        body: z.object({
          communityId: id,
          kind: z.union([z.literal(1), z.literal(2)]),
          threshold: z.number().min(0).max(10_000).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const { communityId, kind } = request.body;
      const roomRows = await app.db
        .select({
          id: rooms.id,
          unitId: rooms.unitId,
          buildingId: rooms.buildingId,
          communityId: rooms.communityId,
          tenantId: rooms.tenantId,
        })
        .from(rooms)
        .where(and(eq(rooms.communityId, communityId), tenantWhere(scope, rooms)));
      if (!roomRows.length) fail(Code.BAD_REQUEST, 'refInvalid');
      const have = new Set(
        (
          await app.db
            .select({ roomId: utilityAccounts.roomId })
            .from(utilityAccounts)
            .where(
              and(
                eq(utilityAccounts.kind, kind),
                inArray(
                  utilityAccounts.roomId,
                  roomRows.map((r) => r.id),
                ),
              ),
            )
        ).map((r) => r.roomId),
      );
      const threshold = request.body.threshold ?? (kind === UTILITY_KIND.water ? 10 : 20);
      const fresh = roomRows.filter((r) => !have.has(r.id));
      const prefix = kind === UTILITY_KIND.electricity ? 'E' : 'W';
      const opened = fresh.length
        ? await app.db
            .insert(utilityAccounts)
            .values(
              fresh.map((r) => ({
                ...r,
                roomId: r.id,
                id: undefined,
                kind,
                meterNo: `${prefix}${String(r.id).padStart(8, '0')}`,
                threshold,
                state: utilityStateOf(0, Math.round(threshold * 100)),
              })),
            )
            .onConflictDoNothing()
            .returning({ id: utilityAccounts.id })
        : [];
      return reply.ok({ opened: opened.length, existing: have.size });
    },
  );

  const onPaid = (payment: Payment) => fulfilTopup(app, payment);
  const onRefunded = (payment: Payment) => refundTopup(app, payment);
  // The payment core may be registered after this plugin: the handlers are registered once everything is.
  app.addHook('onReady', async () => {
    if ((app as { payments?: unknown }).payments) {
      app.payments.onPaid(UTILITY_PURPOSE, onPaid);
      app.payments.onRefunded(UTILITY_PURPOSE, onRefunded);
    }
  });

  // A changed threshold can put an account below it (or back above): its alarm follows now, not at the next reading.
  const onChange = (c: ResourceChange) => {
    if (c.name !== utilityAccount.name || c.action !== 'update' || c.before?.threshold === c.after?.threshold) return;
    withAlarms(app.db, announce, (tx) => resettle(tx, c.id, now())).catch((err: unknown) =>
      app.log.error({ err, accountId: c.id }, 'utility account not settled after its threshold changed'),
    );
  };
  app.events.on('resource.changed', onChange);
  app.addHook('onClose', async () => {
    app.events.off('resource.changed', onChange);
  });
};

/**
 * Fulfilment of a paid top-up (what app.payments.onPaid('utility') calls): credits its account
 * once; the payment core calls it again after a failure, and a replayed callback changes nothing.
 */
export async function fulfilTopup(app: FastifyInstance, payment: Payment): Promise<void> {
  const topupId = Number(payment.purpose.ref);
  if (!Number.isInteger(topupId) || topupId <= 0) return;
  await withAlarms(
    app.db,
    (rows) => app.alarmEngine.announce(rows),
    (tx) => creditTopup(tx, topupId, payment, new Date(app.clock.now())),
  );
}

/**
 * What app.payments.onRefunded('utility') calls: the refunded part of a top-up leaves its account
 * (once per refunded fen, however often it is called).
 */
export async function refundTopup(app: FastifyInstance, payment: Payment): Promise<void> {
  const topupId = Number(payment.purpose.ref);
  if (!Number.isInteger(topupId) || topupId <= 0) return;
  await withAlarms(
    app.db,
    (rows) => app.alarmEngine.announce(rows),
    (tx) => debitRefund(tx, topupId, payment, new Date(app.clock.now())),
  );
}

/** The folder's routes (scripts/entities.mjs lists this file): the accounts' routes and the meter gateways'. */
export default (async (app) => {
  await app.register(plugin);
  await app.register(gatewayRoutes);
}) satisfies FastifyPluginAsyncZod;
