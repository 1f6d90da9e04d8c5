import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos } from '../../../src/entities/photo';
import { videoRecords } from '../../../src/entities/vcr';
import { uploads } from '../../../src/server/db/schema';
import type { StorageUsage } from '../../../src/shared/storage';
import { finishedJob, post, type TestApp } from '../helper';
import { demoApp, tenantWithAdmin, upload } from '../org-helper';

let t: TestApp;
let demo: string;
let demoTenant: number;
let other: { token: string; tenant: number };
const DAY = 86_400_000;

beforeAll(async () => {
  ({ t, demo, demoTenant } = await demoApp());
  other = await tenantWithAdmin(t.app, 'Other Co', 'otheradmin');
});
afterAll(() => t?.close());

/** A photo of `token`'s company, `daysOld` days old, with its picture and thumbnail stored. */
async function photo(token: string, title: string, daysOld: number, pinned = false) {
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#345' } })
    .jpeg()
    .toBuffer();
  const image = String((await upload(t.app, '/api/user/ossUser/addOssHederImg', jpeg, token, 'p.jpg')).data);
  const { data } = await post<{ id: number }>(
    t.app,
    '/api/device/photo/add',
    { title, image, reviewState: 0, pinned },
    { token },
  );
  await t.app.db
    .update(photos)
    .set({ createdAt: new Date(Date.now() - daysOld * DAY) })
    .where(eq(photos.id, data.id));
  const [row] = await t.app.db.select().from(photos).where(eq(photos.id, data.id));
  return row!;
}

describe('media retention (/CloudStorage)', () => {
  it("shows the company's usage: uploads against the quota, recordings, photos, the storage and the retention", async () => {
    const usage = (await post<StorageUsage>(t.app, '/api/device/storage/usage', {}, { token: demo })).data;
    expect(usage).toMatchObject({
      backend: 'local',
      quotaBytes: t.app.config.uploadQuotaBytes,
      recordings: { count: 12 },
      photos: { count: 0 },
      retentionDays: 0,
    });
    expect(
      (await post<StorageUsage>(t.app, '/api/device/storage/usage', {}, { token: other.token })).data.recordings.count,
    ).toBe(0);
  });

  it('refuses a retention out of range and keeps the old one', async () => {
    for (const days of [-1, 3651, 1.5])
      expect((await post(t.app, '/api/device/storage/retention', { days }, { token: demo })).code).toBe(400);
    expect((await post<StorageUsage>(t.app, '/api/device/storage/usage', {}, { token: demo })).data.retentionDays).toBe(
      0,
    );
  });

  it('clean-up deletes what is past the retention with its files, keeps pinned and recent ones and other companies', async () => {
    const old = await photo(demo, 'old', 40);
    const pinned = await photo(demo, 'pinned', 40, true);
    const recent = await photo(demo, 'recent', 1);
    const theirs = await photo(other.token, 'theirs', 40);
    await post(t.app, '/api/device/storage/retention', { days: 30 }, { token: other.token });
    const [recording] = await t.app.db
      .select({ id: videoRecords.id })
      .from(videoRecords)
      .where(eq(videoRecords.tenantId, demoTenant))
      .limit(1);
    await t.app.db
      .update(videoRecords)
      .set({ createdAt: new Date(Date.now() - 40 * DAY) })
      .where(eq(videoRecords.id, recording!.id));

    expect((await post(t.app, '/api/device/storage/retention', { days: 30 }, { token: demo })).code).toBe(0);
    const job = (await post<{ id: number }>(t.app, '/api/device/storage/purge', {}, { token: demo })).data;
    const done = await finishedJob(t.app, job.id, demo);
    expect(done.result).toMatchObject({ recordings: 1, photos: 1, files: 2 });

    const left = (await t.app.db.select({ id: photos.id }).from(photos)).map((r) => r.id);
    expect(left).not.toContain(old.id);
    expect(left).toEqual(expect.arrayContaining([pinned.id, recent.id, theirs.id]));
    const names = [old.image, old.thumb!].map((u) => u.split('/').pop()!);
    for (const name of names) {
      expect(await t.app.storage.get(name)).toBeUndefined();
      expect(await t.app.db.select().from(uploads).where(eq(uploads.name, name))).toEqual([]);
    }
    expect((await post<StorageUsage>(t.app, '/api/device/storage/usage', {}, { token: demo })).data).toMatchObject({
      recordings: { count: 11 },
      photos: { count: 2 },
      retentionDays: 30,
    });
  });

  it('the visitor can neither change the retention nor clean up', async () => {
    const token = String((await post(t.app, '/api/auth/auth/visitorLogin', { language: 'CN' })).headers.authorization);
    expect((await post(t.app, '/api/device/storage/retention', { days: 1 }, { token })).key).toBe('readOnlyVisitor');
    expect((await post(t.app, '/api/device/storage/purge', {}, { token })).key).toBe('readOnlyVisitor');
  });
});
