import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DEVICE_STATE } from '../../shared/codes';
import type { AdPush } from '../../shared/devices/ads';
import type { SendCommandBody, Uplink } from '../../shared/devices/protocol';
import { toMillis } from '../../shared/devices/protocol';
import { devices } from '../../server/db/schema';
import { sendCommand, type Operator, type Target } from '../../server/devices/commands';
import type { KnownDevice } from '../../server/devices/hub';
import { ApiError } from '../../server/lib/api-error';
import { unitDoorUnits } from '../unit';
import { adDeliveries, adPlays, advertisements } from './table';

// Delivering advertisements to door units (the adPush command and its delivery rows) and what the
// units answer: play reports and, on connecting, the list of ads they hold.

type Ad = typeof advertisements.$inferSelect;

/** One device's answer in a batch: its delivery and command, or why it got nothing. */
export interface AdDeliveryResult {
  imei: string;
  deliveryId?: number;
  commandId?: number;
  status?: number;
  key?: string;
}

/** Where a unit downloads the ad's video: the device-authenticated route of media-routes.ts. */
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

/** Sends the ad to one door unit and records the delivery (a re-send replaces its command). */
export async function pushAd(app: FastifyInstance, ad: Ad, device: Target, op: Operator): Promise<AdDeliveryResult> {
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
    const body = {
      imei: device.imei,
      cmd: 'adPush',
      params: pushParams(app.config.publicUrl, ad),
    } as unknown as SendCommandBody;
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
export async function adTargets(
  app: FastifyInstance,
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

/** A play report: stored once per unit, ad and start, for an ad that unit was given. */
async function onPlay(
  app: FastifyInstance,
  device: KnownDevice,
  m: Extract<Uplink, { kind: 'adPlay' }>,
): Promise<void> {
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
async function onSync(
  app: FastifyInstance,
  device: KnownDevice,
  m: Extract<Uplink, { kind: 'adSync' }>,
): Promise<void> {
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
    if (!delivery.withdrawn && !held.has(ad.id)) await pushAd(app, ad, target, op);
    held.delete(ad.id);
    if (delivery.withdrawn && m.adIds.includes(ad.id)) {
      const answer = await sendCommand(
        app,
        target,
        { imei: target.imei, cmd: 'adWithdraw', params: { adId: ad.id } } as unknown as SendCommandBody,
        op,
      ).catch(() => null);
      if (answer)
        await app.db.update(adDeliveries).set({ withdrawCommandId: answer.id }).where(eq(adDeliveries.id, delivery.id));
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

/** Hears the door units' play reports and ad syncs (the uplink pipeline's 'advertisement' stage). */
export function listenToDoorUnits(app: FastifyInstance): void {
  const onUplink = (device: KnownDevice, m: Uplink) => {
    const work =
      m.kind === 'adPlay' ? onPlay(app, device, m) : m.kind === 'adSync' ? onSync(app, device, m) : undefined;
    work?.catch((err: unknown) =>
      app.log.error({ err, imei: device.imei, kind: m.kind }, 'advertising uplink not handled'),
    );
  };

  const release = app.uplinks.use('advertisement', onUplink);
  app.addHook('onClose', async () => release());
}
