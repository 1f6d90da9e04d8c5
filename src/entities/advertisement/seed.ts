import { and, asc, eq, inArray } from 'drizzle-orm';
import { DELIVERY } from '../../shared/codes';
import { demoFleet } from '../../shared/devices/demo';
import { createRng, seedOf } from '../../shared/prng';
import { deviceCommands, devices } from '../../server/db/schema';
import type { Tx } from '../../server/db/driver';
import { DEMO_POSTER, DEMO_RECORDING } from '../../server/db/demo-files';
import { communities } from '../community';
import { pushParams } from './routes';
import { AD_REVIEW } from './resource';
import { adDeliveries, adPlays, advertisements } from './table';
import { defineSeed } from '../../server/db/entity-seeds';

const DEMO_SECONDS = 8;
const HOUR_MS = 3_600_000;

/**
 * The advertising screens on a fresh demo: an ad delivered to the demo door units (fleet 24 and
 * 25) with two days of plays, one awaiting review, one failed with its reason. The demo ads play
 * the demo recording of public/video. When the simulated units connect they name the ads they
 * hold (none), get the delivered one again and play it: the plays screen fills within a minute.
 */
async function seedAdvertisements(tx: Tx, tenantId: number, now = Date.now()): Promise<void> {
  // The demo community (seeded before, entities/community/seed.ts), if there is one: the delivered ad runs there.
  const [community] = await tx
    .select({ id: communities.id })
    .from(communities)
    .where(eq(communities.tenantId, tenantId))
    .orderBy(asc(communities.id))
    .limit(1);
  const common = { tenantId, video: DEMO_RECORDING, poster: DEMO_POSTER, durationS: DEMO_SECONDS, size: 157_467 };
  const [delivered] = await tx
    .insert(advertisements)
    .values([
      {
        ...common,
        title: '社区便利店 周末特惠',
        client: '邻里便利店',
        phone: '13800138001',
        fee: 0.2,
        communityIds: community ? [community.id] : [],
        reviewState: AD_REVIEW.delivered,
        reviewerName: 'demo',
        reviewedAt: new Date(now - 50 * HOUR_MS),
        createdAt: new Date(now - 52 * HOUR_MS),
      },
      {
        ...common,
        title: '宽带提速 免费升级',
        client: '城市光网',
        phone: '13900139002',
        fee: 0.35,
        reviewState: AD_REVIEW.pending,
        startDate: new Date(now).toISOString().slice(0, 10),
        endDate: new Date(now + 30 * 24 * HOUR_MS).toISOString().slice(0, 10),
        dailyStart: '07:00',
        dailyEnd: '22:00',
        createdAt: new Date(now - 5 * HOUR_MS),
      },
      {
        ...common,
        title: '家政保洁 8 折',
        client: '好帮手家政',
        phone: '13700137003',
        fee: 0.15,
        reviewState: AD_REVIEW.failed,
        reviewReason: '联系电话与营业执照不符',
        reviewerName: 'demo',
        reviewedAt: new Date(now - 20 * HOUR_MS),
        createdAt: new Date(now - 26 * HOUR_MS),
      },
    ])
    .returning();
  const doorImeis = demoFleet()
    .filter((d) => d.kind === 'doorUnit')
    .map((d) => d.imei);
  const units = doorImeis.length
    ? await tx
        .select()
        .from(devices)
        .where(and(eq(devices.tenantId, tenantId), inArray(devices.imei, doorImeis)))
    : [];
  if (!delivered || !units.length) return;
  const rng = createRng(seedOf('ad-plays'));
  for (const unit of units) {
    const sentAt = new Date(now - 50 * HOUR_MS);
    const [command] = await tx
      .insert(deviceCommands)
      .values({
        tenantId,
        deviceId: unit.id,
        imei: unit.imei,
        cmd: 'adPush',
        params: JSON.stringify(pushParams(undefined, delivered)),
        status: DELIVERY.sent,
        sentAt,
        ackOk: true,
        ackMsg: `ad ${delivered.id} stored`,
        ackAt: new Date(sentAt.getTime() + 800),
        operatorName: 'demo',
        createdAt: sentAt,
      })
      .returning({ id: deviceCommands.id });
    await tx.insert(adDeliveries).values({
      tenantId,
      adId: delivered.id,
      deviceId: unit.id,
      imei: unit.imei,
      commandId: command!.id,
      attempts: 1,
      createdAt: sentAt,
    });
    // A few plays now and then over the last two days.
    const plays = Array.from({ length: 6 }, () => now - rng.int(1, 48) * HOUR_MS - rng.int(0, 3_599) * 1000);
    await tx.insert(adPlays).values(
      [...new Set(plays)].map((at) => ({
        tenantId,
        adId: delivered.id,
        deviceId: unit.id,
        imei: unit.imei,
        startedAt: new Date(at),
        seconds: DEMO_SECONDS,
      })),
    );
  }
}

export default defineSeed({
  after: ['community'],
  demo: (tx, { tenantId }) => seedAdvertisements(tx, tenantId),
});
