import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdScreen } from '../../../src/sim/ads';
import { UPLOAD_VIDEO_MAX } from '../../../src/shared/constants';
import { buildTestApp, login, post, type TestApp } from '../../server/helper';
import { list, tenantWithAdmin, upload, type Row } from '../../server/org-helper';
import { AD_DELIVERY } from '../../../src/entities/ad-delivery';
import { AD_REVIEW } from '../../../src/entities/advertisement/resource';
import { ad, getAdAs, uploadAdVideo, webm } from './advertisement.fixture';

let t: TestApp;
let demo: string;
let other: string;

beforeAll(async () => {
  t = await buildTestApp({ embeddedBroker: true });
  demo = (await login(t.app, 'demo', 'demo123')).token;
  other = (await tenantWithAdmin(t.app, 'Other Ads Co', 'otheradsadmin')).token;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const uploadAd = (token = demo) => uploadAdVideo(t.app, token);
const getAd = (id: number) => getAdAs(t.app, demo, id);

describe('advertisements', () => {
  it('the demo site starts with an ad on the demo door units (with plays), one awaiting review and one failed with its reason', async () => {
    const ads = (await list(t.app, 'advertisement', { sort: [{ field: 'id', order: 'asc' }] }, demo)).rows;
    expect(ads.map((r) => r.reviewState)).toEqual([AD_REVIEW.delivered, AD_REVIEW.pending, AD_REVIEW.failed]);
    expect(ads[2]!.reviewReason).toBeTruthy();
    const deliveries = (await list(t.app, 'adDelivery', { filters: { adId: ads[0]!.id } }, demo)).rows;
    expect(deliveries.map((r) => r.imei).sort()).toEqual(['860100000000025', '860100000000026']);
    expect(deliveries.every((r) => r.state === AD_DELIVERY.acknowledged)).toBe(true);
    expect(ads[0]!.plays).toBeGreaterThan(5);
    expect(ads[0]!.billed).toBeCloseTo(Number(ads[0]!.plays) * 0.2, 2);
    expect((await list(t.app, 'advertisement', {}, other)).total).toBe(0);
  });

  it('uploadAdvertVideo measures the video (duration, poster); refuses a non-video and an oversized file with their messages', async () => {
    const saved = await uploadAd();
    expect(saved).toMatchObject({
      durationS: 8,
      name: expect.stringMatching(/\.webm$/),
      poster: expect.stringMatching(/\.jpg$/),
    });
    const notVideo = await upload(
      t.app,
      '/api/user/ossUser/uploadAdvertVideo',
      Buffer.from('plain text, not a video'),
      demo,
      'spot.mp4',
    );
    expect([notVideo.code, notVideo.key]).toEqual([400, 'fileFormat']);
    const big = Buffer.concat([webm, Buffer.alloc(UPLOAD_VIDEO_MAX)]);
    const tooBig = await upload(t.app, '/api/user/ossUser/uploadAdvertVideo', big, demo, 'spot.webm');
    expect([tooBig.code, tooBig.key]).toEqual([400, 'fileTooLarge']);
  });

  it('an ad takes its duration and poster from its uploaded video; bad input and other tenants are refused', async () => {
    const saved = await uploadAd();
    const added = await post<Row>(t.app, '/api/user/advertisement/add', ad(saved.name, { durationS: 999 }), {
      token: demo,
    });
    expect(added.code, added.msg).toBe(0);
    expect(added.data).toMatchObject({
      durationS: 8,
      poster: saved.poster,
      reviewState: AD_REVIEW.pending,
      plays: 0,
      billed: 0,
    });
    // A video nobody uploaded for ads, and another company's video.
    expect((await post(t.app, '/api/user/advertisement/add', ad('nope.webm'), { token: demo })).key).toBe(
      'adVideoUnknown',
    );
    expect((await post(t.app, '/api/user/advertisement/add', ad(saved.name), { token: other })).key).toBe(
      'adVideoUnknown',
    );
    const badPhone = await post(t.app, '/api/user/advertisement/add', ad(saved.name, { phone: '12345678901' }), {
      token: demo,
    });
    expect([badPhone.code, badPhone.key]).toEqual([400, 'phoneInvalid']);
    const badFee = await post(t.app, '/api/user/advertisement/add', ad(saved.name, { fee: 1.234 }), { token: demo });
    expect(badFee.code).toBe(400);
    const halfWindow = await post(t.app, '/api/user/advertisement/add', ad(saved.name, { dailyStart: '08:00' }), {
      token: demo,
    });
    expect(halfWindow.key).toBe('adScheduleInvalid');
    expect((await list(t.app, 'advertisement', { keyword: 'Lanzhou' }, other)).total).toBe(0);
    expect((await list(t.app, 'advertisement', { keyword: 'Lanzhou' }, demo)).total).toBeGreaterThan(0);
    const updated = await post<Row>(
      t.app,
      '/api/user/advertisement/update',
      { id: added.data.id, title: 'Noodles, now 2 for 1' },
      { token: demo },
    );
    expect(updated.data).toMatchObject({ title: 'Noodles, now 2 for 1', durationS: 8 });
    expect(
      (await post(t.app, '/api/user/advertisement/update', { id: added.data.id, title: 'mine now' }, { token: other }))
        .code,
    ).toBe(404);
    expect((await post(t.app, '/api/user/advertisement/delete', { ids: [added.data.id] }, { token: demo })).code).toBe(
      0,
    );
  });

  it('review: pass or fail with a reason, resubmit, edits go back to review; illegal moves are noSuchTransition', async () => {
    const saved = await uploadAd();
    const { data } = await post<Row>(t.app, '/api/user/advertisement/add', ad(saved.name, { title: 'Review me' }), {
      token: demo,
    });
    const id = data.id;
    const state = () => getAd(id);
    expect((await post(t.app, '/api/user/advertisement/distribute', { id }, { token: demo })).key).toBe(
      'adNotApproved',
    );
    expect((await post(t.app, '/api/user/advertisement/review', { id, pass: false }, { token: demo })).code).toBe(400);
    expect(
      (await post(t.app, '/api/user/advertisement/review', { id, pass: false, reason: 'Blurry logo' }, { token: demo }))
        .code,
    ).toBe(0);
    expect(await state()).toMatchObject({ reviewState: AD_REVIEW.failed, reviewReason: 'Blurry logo' });
    const illegal = await post(t.app, '/api/user/advertisement/review', { id, pass: true }, { token: demo });
    expect([illegal.code, illegal.key]).toEqual([400, 'noSuchTransition']);
    expect((await post(t.app, '/api/user/advertisement/resubmit', { id }, { token: demo })).code).toBe(0);
    expect(await state()).toMatchObject({ reviewState: AD_REVIEW.pending, reviewReason: null });
    expect((await post(t.app, '/api/user/advertisement/resubmit', { id }, { token: demo })).key).toBe(
      'noSuchTransition',
    );
    expect((await post(t.app, '/api/user/advertisement/review', { id, pass: true }, { token: demo })).code).toBe(0);
    expect(await state()).toMatchObject({ reviewState: AD_REVIEW.passed, reviewerName: expect.any(String) });
    // A disabled ad is not distributed.
    await post(t.app, '/api/user/advertisement/update', { id, status: 0 }, { token: demo });
    expect((await post(t.app, '/api/user/advertisement/review', { id, pass: true }, { token: demo })).code).toBe(0);
    expect(
      (await post(t.app, '/api/user/advertisement/distribute', { id, imeis: ['860100000000025'] }, { token: demo }))
        .key,
    ).toBe('adDisabled');
    // An edit of a passed ad is reviewed again.
    await post(t.app, '/api/user/advertisement/update', { id, fee: 0.5 }, { token: demo });
    expect((await state()).reviewState).toBe(AD_REVIEW.pending);
    // Another company cannot review it.
    expect((await post(t.app, '/api/user/advertisement/review', { id, pass: true }, { token: other })).code).toBe(404);
  });
});
describe('the simulated screen (src/sim/ads.ts)', () => {
  const push = (adId: number, durationS: number, schedule = {}) => ({
    adId,
    title: `ad ${adId}`,
    url: `/api/user/advertisement/video/${adId}`,
    durationS,
    schedule,
  });

  it('plays its ads in turn, each for its duration, and reports each finished play', () => {
    const screen = new AdScreen();
    const t0 = Date.UTC(2026, 10, 25, 4, 0, 0);
    expect(screen.tick(t0)).toEqual([]);
    screen.obey('adPush', push(1, 8), t0);
    screen.obey('adPush', push(2, 5), t0);
    expect(screen.tick(t0 + 7_000)).toEqual([]);
    expect(screen.tick(t0 + 14_000)).toEqual([
      { adId: 1, startedAt: t0, seconds: 8 },
      { adId: 2, startedAt: t0 + 8_000, seconds: 5 },
    ]);
    expect(screen.obey('adWithdraw', { adId: 1 }, t0 + 14_000)).toBe('ad 1 removed');
    expect(screen.tick(t0 + 30_000).map((p) => p.adId)).toEqual([2, 2, 2]);
    expect(() => screen.obey('adPush', { adId: 3 }, t0)).toThrow();
  });

  it('keeps to the schedule: nothing outside its dates or daily window', () => {
    const screen = new AdScreen();
    const at = new Date(2026, 10, 25, 12, 0, 0).getTime();
    screen.obey('adPush', push(1, 10, { startDate: '2026-11-26' }), at);
    screen.obey('adPush', push(2, 10, { dailyStart: '13:00', dailyEnd: '14:00' }), at);
    expect(screen.tick(at + 60_000)).toEqual([]);
    screen.obey('adPush', push(3, 10, { dailyStart: '22:00', dailyEnd: '13:00' }), at + 60_000);
    expect(screen.tick(at + 85_000).map((p) => p.adId)).toEqual([3, 3]);
  });
});
