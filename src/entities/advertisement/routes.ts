import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import { STATUS } from '../../shared/codes';
import type { PermissionMark } from '../../shared/permissions';
import { IMEI_RE } from '../../shared/devices/protocol';
import { devices } from '../../server/db/schema';
import { tenantWhere } from '../../server/db/scope';
import { sendCommand, type Operator } from '../../server/devices/commands';
import { ApiError, fail } from '../../server/lib/api-error';
import { moveState } from '../../server/engine/transition';
import { authed } from '../../server/auth/request';
import type { SendCommandBody } from '../../shared/devices/protocol';
import advertisement, { AD_MARK_DISTRIBUTE, AD_MARK_REVIEW, AD_REVIEW, AD_REVIEW_MACHINE } from './resource';
import { adTargets, listenToDoorUnits, pushAd, type AdDeliveryResult } from './delivery';
import { adDeliveries, adPlays, advertisements } from './table';
import mediaRoutes from './media-routes';

// The advertisement's review and distribution routes: review, resubmit, distribute, resend,
// withdraw and the play statistics. The video a door unit downloads is served by media-routes.ts;
// sending ads to the units and hearing back from them is delivery.ts.
export { pushParams } from './delivery';

const tags = ['user'];
const id = z.number().int().positive();
const reviewBody = z
  .object({ id, pass: z.boolean(), reason: z.string().trim().max(200).optional() })
  .refine((b) => b.pass || !!b.reason, { message: 'required', path: ['reason'] });
const distributeBody = z.object({ id, imeis: z.array(z.string().regex(IMEI_RE)).max(200).optional() });
const deliveriesBody = z.object({ ids: z.array(id).min(1).max(200) });
const withdrawBody = z.object({ id, deliveryIds: z.array(id).max(200).optional() });
const statsBody = z.object({
  by: z.enum(['ad', 'device']),
  from: z.string().trim().max(30).optional(),
  to: z.string().trim().max(30).optional(),
  adId: id.optional(),
});

type Ad = typeof advertisements.$inferSelect;

const plugin: FastifyPluginAsyncZod = async (app) => {
  const operatorOf = (request: Parameters<typeof authed>[0]): Operator => {
    const { user } = authed(request);
    return { id: user.id, name: user.name || user.username };
  };

  async function adInScope(request: Parameters<typeof authed>[0], adId: number): Promise<Ad> {
    const { scope } = authed(request);
    const [ad] = await app.db
      .select()
      .from(advertisements)
      .where(and(eq(advertisements.id, adId), tenantWhere(scope, advertisements)));
    if (!ad) fail(Code.NOT_FOUND, 'notFound');
    return ad!;
  }

  app.post(
    '/review',
    {
      config: { mark: AD_MARK_REVIEW },
      schema: {
        tags,
        summary: 'Pass or fail (with a reason) a pending advertisement; any other move is noSuchTransition',
        body: reviewBody,
      },
    },
    async (request, reply) => {
      const ad = await adInScope(request, request.body.id);
      const { user } = authed(request);
      await moveState(
        app.db,
        { table: advertisements, id: advertisements.id, state: advertisements.reviewState },
        AD_REVIEW_MACHINE,
        ad.id,
        request.body.pass ? AD_REVIEW.passed : AD_REVIEW.failed,
        {
          scope: eq(advertisements.tenantId, ad.tenantId),
          set: {
            reviewReason: request.body.reason || null,
            reviewerName: user.name || user.username,
            reviewedAt: new Date(app.clock.now()),
          },
        },
      );
      return reply.ok(null);
    },
  );

  app.post(
    '/resubmit',
    {
      config: { mark: 'advertisement:update' as PermissionMark },
      schema: {
        tags,
        summary: 'Submit a failed advertisement (after an edit) for review again',
        body: z.object({ id }),
      },
    },
    async (request, reply) => {
      const ad = await adInScope(request, request.body.id);
      if (ad.reviewState !== AD_REVIEW.failed) fail(Code.BAD_REQUEST, 'noSuchTransition');
      await moveState(
        app.db,
        { table: advertisements, id: advertisements.id, state: advertisements.reviewState },
        AD_REVIEW_MACHINE,
        ad.id,
        AD_REVIEW.pending,
        {
          scope: eq(advertisements.tenantId, ad.tenantId),
          set: { reviewReason: null },
        },
      );
      return reply.ok(null);
    },
  );

  app.post(
    '/distribute',
    {
      config: { mark: AD_MARK_DISTRIBUTE },
      schema: {
        tags,
        summary:
          "Push a passed advertisement to door units (the IMEIs given, else its communities' and units'), each answered on its own; the ad becomes delivered",
        body: distributeBody,
      },
    },
    async (request, reply) => {
      const ad = await adInScope(request, request.body.id);
      if (ad.reviewState !== AD_REVIEW.passed && ad.reviewState !== AD_REVIEW.delivered)
        fail(Code.BAD_REQUEST, 'adNotApproved');
      if (ad.status !== STATUS.enabled) fail(Code.BAD_REQUEST, 'adDisabled');
      const { found, missing } = await adTargets(app, ad, request.body.imeis);
      if (!found.length) fail(Code.BAD_REQUEST, 'adNoDoorUnits');
      const op = operatorOf(request);
      const results: AdDeliveryResult[] = [...missing];
      for (const device of found) results.push(await pushAd(app, ad, device, op));
      if (ad.reviewState === AD_REVIEW.passed) {
        await moveState(
          app.db,
          { table: advertisements, id: advertisements.id, state: advertisements.reviewState },
          AD_REVIEW_MACHINE,
          ad.id,
          AD_REVIEW.delivered,
          {
            scope: eq(advertisements.tenantId, ad.tenantId),
          },
        );
      }
      return reply.ok({ results }, 'commandSent');
    },
  );

  app.post(
    '/resend',
    {
      config: { mark: AD_MARK_DISTRIBUTE },
      schema: {
        tags,
        summary: 'Send the advertisement of these deliveries again (not withdrawn ones)',
        body: deliveriesBody,
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const rows = await app.db
        .select({ delivery: adDeliveries, ad: advertisements, device: devices })
        .from(adDeliveries)
        .innerJoin(advertisements, eq(advertisements.id, adDeliveries.adId))
        .innerJoin(devices, eq(devices.id, adDeliveries.deviceId))
        .where(
          and(
            inArray(adDeliveries.id, request.body.ids),
            tenantWhere(scope, adDeliveries),
            eq(adDeliveries.withdrawn, false),
          ),
        );
      const op = operatorOf(request);
      const results: AdDeliveryResult[] = [];
      for (const r of rows) results.push(await pushAd(app, r.ad, r.device, op));
      return reply.ok({ results }, 'commandSent');
    },
  );

  app.post(
    '/withdraw',
    {
      config: { mark: AD_MARK_DISTRIBUTE },
      schema: {
        tags,
        summary:
          'Remove the advertisement from its door units (or the deliveries given) with an adWithdraw command; with none left it is passed again',
        body: withdrawBody,
      },
    },
    async (request, reply) => {
      const ad = await adInScope(request, request.body.id);
      const active = await app.db
        .select({ delivery: adDeliveries, device: devices })
        .from(adDeliveries)
        .innerJoin(devices, eq(devices.id, adDeliveries.deviceId))
        .where(
          and(
            eq(adDeliveries.adId, ad.id),
            eq(adDeliveries.withdrawn, false),
            request.body.deliveryIds?.length ? inArray(adDeliveries.id, request.body.deliveryIds) : undefined,
          ),
        );
      const op = operatorOf(request);
      const results: AdDeliveryResult[] = [];
      for (const { delivery, device } of active) {
        let commandId: number | null = null;
        let status: number | undefined;
        let key: string | undefined;
        try {
          const answer = await sendCommand(
            app,
            device,
            { imei: device.imei, cmd: 'adWithdraw', params: { adId: ad.id } } as unknown as SendCommandBody,
            op,
          );
          commandId = answer.id;
          status = answer.status;
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          // An offline unit gets the withdrawal when it comes online.
          key = err.key;
        }
        await app.db
          .update(adDeliveries)
          .set({ withdrawn: true, withdrawCommandId: commandId })
          .where(eq(adDeliveries.id, delivery.id));
        results.push({ imei: device.imei, deliveryId: delivery.id, ...(commandId ? { commandId, status } : { key }) });
      }
      const [left] = await app.db
        .select({ n: sql<number>`count(*)::int` })
        .from(adDeliveries)
        .where(and(eq(adDeliveries.adId, ad.id), eq(adDeliveries.withdrawn, false)));
      if (ad.reviewState === AD_REVIEW.delivered && !left?.n) {
        await moveState(
          app.db,
          { table: advertisements, id: advertisements.id, state: advertisements.reviewState },
          AD_REVIEW_MACHINE,
          ad.id,
          AD_REVIEW.passed,
          {
            scope: eq(advertisements.tenantId, ad.tenantId),
          },
        );
      }
      return reply.ok({ results }, 'commandSent');
    },
  );

  app.post(
    '/plays/stats',
    {
      config: { menus: [...advertisement.routes] },
      schema: {
        tags,
        summary: 'Plays per advertisement or per door unit (count, total seconds, last play) in a date range',
        body: statsBody,
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const { by, from, to, adId } = request.body;
      const fromMs = from ? Date.parse(from) : NaN;
      const toMs = to ? Date.parse(to) : NaN;
      const where = and(
        tenantWhere(scope, adPlays),
        Number.isNaN(fromMs) ? undefined : gte(adPlays.startedAt, new Date(fromMs)),
        // A bare date as the end includes that whole day.
        Number.isNaN(toMs)
          ? undefined
          : lt(adPlays.startedAt, new Date(toMs + (/^\d{4}-\d{2}-\d{2}$/.test(to ?? '') ? 86_400_000 : 0))),
        adId ? eq(adPlays.adId, adId) : undefined,
      );
      const agg = {
        plays: sql<number>`count(*)::int`,
        seconds: sql<number>`coalesce(sum(${adPlays.seconds}), 0)::int`,
        lastPlay: sql<string>`max(${adPlays.startedAt})`,
      };
      const rows =
        by === 'ad'
          ? await app.db
              .select({
                key: adPlays.adId,
                label: advertisements.title,
                client: advertisements.client,
                fee: advertisements.fee,
                ...agg,
              })
              .from(adPlays)
              .innerJoin(advertisements, eq(advertisements.id, adPlays.adId))
              .where(where)
              .groupBy(adPlays.adId, advertisements.title, advertisements.client, advertisements.fee)
              .orderBy(desc(sql`count(*)`))
              .limit(500)
          : await app.db
              .select({ key: adPlays.imei, label: devices.name, ...agg })
              .from(adPlays)
              .innerJoin(devices, eq(devices.id, adPlays.deviceId))
              .where(where)
              .groupBy(adPlays.imei, devices.name)
              .orderBy(desc(sql`count(*)`))
              .limit(500);
      return reply.ok({
        rows: rows.map((r) => ({
          ...r,
          lastPlay: r.lastPlay ? new Date(r.lastPlay).toISOString() : null,
          ...('fee' in r ? { billed: Math.round(Number(r.fee) * r.plays * 100) / 100 } : {}),
        })),
      });
    },
  );

  listenToDoorUnits(app);
};

/** The folder's routes (scripts/entities.mjs lists this file): review and distribution, and the video door units download. */
export default (async (app) => {
  await app.register(plugin);
  await app.register(mediaRoutes);
}) satisfies FastifyPluginAsyncZod;
