import { and, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import { DEVICE_STATE, STATUS } from '../../shared/codes';
import type { AdPush } from '../../shared/devices/ads';
import type { PermissionMark } from '../../shared/permissions';
import type { Uplink } from '../../shared/devices/protocol';
import { IMEI_RE, toMillis } from '../../shared/devices/protocol';
import { devices } from '../../server/db/schema-devices';
import { tenantWhere } from '../../server/db/scope';
import { deviceByBasicAuth } from '../../server/devices/basic-auth';
import { sendCommand, type Operator, type Target } from '../../server/devices/commands';
import type { KnownDevice } from '../../server/devices/hub';
import { ApiError, fail } from '../../server/lib/api-error';
import { moveState } from '../../server/lib/transition';
import { authed } from '../../server/plugins/auth';
import { sendUpload } from '../../server/uploads/send-upload';
import type { SendCommandBody } from '../../shared/devices/protocol';
import { unitDoorUnits } from '../unit/server';
import advertisement, { AD_MARK_DISTRIBUTE, AD_MARK_REVIEW, AD_REVIEW, AD_REVIEW_MACHINE } from './resource';
import { adDeliveries, adPlays, advertisements } from './server';

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

/** One device's answer in a batch: its delivery and command, or why it got nothing. */
export interface AdDeliveryResult {
  imei: string;
  deliveryId?: number;
  commandId?: number;
  status?: number;
  key?: string;
}

/** Where a unit downloads the ad's video: the device-authenticated route below. */
const videoUrl = (base: string | undefined, adId: number) => `${base ?? ''}/api/user/advertisement/video/${adId}`;

export function pushParams(base: string | undefined, ad: Ad): AdPush {
  const schedule: AdPush['schedule'] = {};
  if (ad.startDate) schedule.startDate = ad.startDate;
  if (ad.endDate) schedule.endDate = ad.endDate;
  if (ad.dailyStart && ad.dailyEnd) {
    schedule.dailyStart = ad.dailyStart;
    schedule.dailyEnd = ad.dailyEnd;
  }
  return {
    adId: ad.id,
    title: ad.title.slice(0, 100),
    url: videoUrl(base, ad.id),
    durationS: Math.max(1, ad.durationS),
    schedule,
  };
}

const plugin: FastifyPluginAsyncZod = async (app) => {
  const base = app.config.publicUrl;
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

  /** Sends the ad to one door unit and records the delivery (a re-send replaces its command). */
  async function push(ad: Ad, device: Target, op: Operator): Promise<AdDeliveryResult> {
    const [delivery] = await app.db
      .insert(adDeliveries)
      .values({ tenantId: ad.tenantId, adId: ad.id, deviceId: device.id, imei: device.imei })
      .onConflictDoUpdate({
        target: [adDeliveries.adId, adDeliveries.deviceId],
        set: { withdrawn: false, withdrawCommandId: null },
      })
      .returning({ id: adDeliveries.id });
    const deliveryId = delivery!.id;
    try {
      const body = { imei: device.imei, cmd: 'adPush', params: pushParams(base, ad) } as unknown as SendCommandBody;
      const answer = await sendCommand(app, device, body, op);
      await app.db
        .update(adDeliveries)
        .set({ commandId: answer.id, attempts: sql`${adDeliveries.attempts} + 1` })
        .where(eq(adDeliveries.id, deliveryId));
      return { imei: device.imei, deliveryId, commandId: answer.id, status: answer.status };
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      // Offline: it stays pending and goes out when the unit comes online.
      return { imei: device.imei, deliveryId, key: err.key };
    }
  }

  /** The door units an ad runs on: the ones asked for, else those installed in its communities and units. */
  async function targetsOf(
    ad: Ad,
    imeis: string[] | undefined,
  ): Promise<{ found: Target[]; missing: AdDeliveryResult[] }> {
    const doorUnits = and(eq(devices.tenantId, ad.tenantId), eq(devices.kind, 'doorUnit'));
    if (imeis?.length) {
      const found = await app.db
        .select()
        .from(devices)
        .where(and(doorUnits, inArray(devices.imei, imeis)));
      const known = new Set(found.map((d) => d.imei));
      return { found, missing: imeis.filter((i) => !known.has(i)).map((imei) => ({ imei, key: 'notDoorUnit' })) };
    }
    if (!ad.communityIds.length && !ad.unitIds.length) return { found: [], missing: [] };
    const installed = await app.db
      .select({ deviceId: unitDoorUnits.deviceId })
      .from(unitDoorUnits)
      .where(
        and(
          eq(unitDoorUnits.tenantId, ad.tenantId),
          or(
            ad.communityIds.length ? inArray(unitDoorUnits.communityId, ad.communityIds) : undefined,
            ad.unitIds.length ? inArray(unitDoorUnits.unitId, ad.unitIds) : undefined,
          ),
        ),
      );
    if (!installed.length) return { found: [], missing: [] };
    const found = await app.db
      .select()
      .from(devices)
      .where(
        and(
          doorUnits,
          inArray(
            devices.id,
            installed.map((i) => i.deviceId),
          ),
        ),
      );
    return { found, missing: [] };
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
      const { found, missing } = await targetsOf(ad, request.body.imeis);
      if (!found.length) fail(Code.BAD_REQUEST, 'adNoDoorUnits');
      const op = operatorOf(request);
      const results: AdDeliveryResult[] = [...missing];
      for (const device of found) results.push(await push(ad, device, op));
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
      for (const r of rows) results.push(await push(r.ad, r.device, op));
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

  app.get(
    '/video/:adId',
    {
      // A door unit downloads the video of an ad it was given, with its MQTT credentials (Basic imei:secret).
      config: { public: true },
      schema: {
        tags,
        summary: 'A door unit downloads the video of an advertisement delivered to it (Basic auth imei:secret)',
        params: z.object({ adId: z.coerce.number().int().positive() }),
      },
    },
    async (request, reply) => {
      const device = await deviceByBasicAuth(app, request);
      const [row] = await app.db
        .select({ video: advertisements.video })
        .from(adDeliveries)
        .innerJoin(advertisements, eq(advertisements.id, adDeliveries.adId))
        .where(
          and(
            eq(adDeliveries.adId, request.params.adId),
            eq(adDeliveries.deviceId, device.id),
            eq(adDeliveries.withdrawn, false),
          ),
        );
      if (!row) return reply.status(404).send({ code: Code.NOT_FOUND, key: 'notFound', msg: 'notFound', data: null });
      // The demo ads play a file of public/.
      if (row.video.startsWith('/')) return reply.redirect(row.video);
      return sendUpload(request, reply, row.video);
    },
  );

  /** A play report: stored once per unit, ad and start, for an ad that unit was given. */
  async function onPlay(device: KnownDevice, m: Extract<Uplink, { kind: 'adPlay' }>): Promise<void> {
    const [delivered] = await app.db
      .select({ id: adDeliveries.id })
      .from(adDeliveries)
      .where(
        and(
          eq(adDeliveries.adId, m.adId),
          eq(adDeliveries.deviceId, device.id),
          eq(adDeliveries.tenantId, device.tenantId),
        ),
      );
    if (!delivered) {
      app.log.debug({ imei: device.imei, adId: m.adId }, 'play report for an advertisement the unit was not given');
      return;
    }
    await app.db
      .insert(adPlays)
      .values({
        tenantId: device.tenantId,
        adId: m.adId,
        deviceId: device.id,
        imei: device.imei,
        startedAt: new Date(toMillis(m.startedAt)),
        seconds: m.seconds,
      })
      .onConflictDoNothing();
  }

  /**
   * A unit names the ads it holds (on connecting): it gets the ones it should have and lacks (pushed
   * while it was offline, or lost), and withdrawals of the ones it should not have.
   */
  async function onSync(device: KnownDevice, m: Extract<Uplink, { kind: 'adSync' }>): Promise<void> {
    const [target] = await app.db.select().from(devices).where(eq(devices.id, device.id));
    if (!target || target.kind !== 'doorUnit') return;
    const rows = await app.db
      .select({ delivery: adDeliveries, ad: advertisements })
      .from(adDeliveries)
      .innerJoin(advertisements, eq(advertisements.id, adDeliveries.adId))
      .where(eq(adDeliveries.deviceId, device.id));
    const held = new Set(m.adIds);
    const op = { id: 0, name: 'system' };
    // Answered after the unit's own announcement is stored: it is online by then.
    target.state = DEVICE_STATE.online;
    for (const { delivery, ad } of rows) {
      if (!delivery.withdrawn && !held.has(ad.id)) await push(ad, target, op);
      held.delete(ad.id);
      if (delivery.withdrawn && m.adIds.includes(ad.id)) {
        const answer = await sendCommand(
          app,
          target,
          { imei: target.imei, cmd: 'adWithdraw', params: { adId: ad.id } } as unknown as SendCommandBody,
          op,
        ).catch(() => null);
        if (answer)
          await app.db
            .update(adDeliveries)
            .set({ withdrawCommandId: answer.id })
            .where(eq(adDeliveries.id, delivery.id));
      }
    }
    // Ads it holds that it was never given here (deleted since): withdrawn too.
    for (const adId of held)
      await sendCommand(
        app,
        target,
        { imei: target.imei, cmd: 'adWithdraw', params: { adId } } as unknown as SendCommandBody,
        op,
      ).catch(() => null);
  }

  const onUplink = (device: KnownDevice, m: Uplink) => {
    const work = m.kind === 'adPlay' ? onPlay(device, m) : m.kind === 'adSync' ? onSync(device, m) : undefined;
    work?.catch((err: unknown) =>
      app.log.error({ err, imei: device.imei, kind: m.kind }, 'advertising uplink not handled'),
    );
  };

  app.deviceHub.on('uplink', onUplink);
  app.addHook('onClose', async () => {
    app.deviceHub.off('uplink', onUplink);
  });
};

export default plugin;
