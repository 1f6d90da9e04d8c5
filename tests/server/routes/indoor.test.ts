import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceLocations, devices } from '../../../src/server/db/schema';
import { UPLOAD_IMAGE_MAX } from '../../../src/shared/constants';
import type { UwbTag } from '../../../src/shared/indoor';
import { tenantId } from '../fixtures';
import { buildTestApp, login, post, type TestApp } from '../helper';
import { multipart, tenantWithAdmin } from '../org-helper';

const dataDir = mkdtempSync(join(tmpdir(), 'indoor-test-'));
let t: TestApp;
let demo: string;
let demoTenant: number;
let other: { tenant: number; token: string };

beforeAll(async () => {
  t = await buildTestApp({ config: { dataDir } });
  demo = (await login(t.app, 'demo', 'demo123')).token;
  demoTenant = await tenantId(t.app, 'Demo Site');
  other = await tenantWithAdmin(t.app, 'Other Co', 'otheradmin');
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const call = <T>(name: string, action: string, body: unknown, token = demo) =>
  post<T>(t.app, `/api/device/${name}/${action}`, body, { token });

describe('pictures', () => {
  const png = (size: number) =>
    Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(size - 8, 1)]);
  const send = async (file: Buffer, name: string, type: string, token = demo) => {
    const body = multipart(file, name, 'file', type);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/device/indoor/upload',
      payload: body.payload,
      headers: { ...body.headers, authorization: token },
    });
    return res.json() as { code: number; key?: string; data: { url: string } | null };
  };

  it('stores an image under 600 KB and serves it without a session', async () => {
    const up = await send(png(UPLOAD_IMAGE_MAX - 1), 'floor.png', 'image/png');
    expect(up.code).toBe(0);
    expect(up.data!.url).toMatch(/^\/api\/device\/indoor\/file\/[0-9a-f-]{36}\.png$/);
    const got = await t.app.inject({ method: 'GET', url: up.data!.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.length).toBe(UPLOAD_IMAGE_MAX - 1);
  });

  it('refuses 600 KB, a non-image and a visitor; a bad name is a 404', async () => {
    expect(await send(png(UPLOAD_IMAGE_MAX), 'big.png', 'image/png')).toMatchObject({ code: 400, key: 'fileTooLarge' });
    expect(await send(Buffer.from('<svg onload="alert(1)"/>'), 'x.png', 'image/png')).toMatchObject({
      code: 400,
      key: 'fileFormat',
    });
    const visitor = (await post(t.app, '/api/auth/auth/visitorLogin', {})).headers.authorization as string;
    expect(await send(png(100), 'v.png', 'image/png', visitor)).toMatchObject({ code: 403, key: 'readOnlyVisitor' });
    for (const url of [
      '/api/device/indoor/file/..%2F..%2Fetc%2Fpasswd',
      '/api/device/indoor/file/00000000-0000-0000-0000-000000000000.png',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});

describe('upload quota', () => {
  it("refuses an upload that would pass the tenant's quota, and counts per tenant", async () => {
    const q = await buildTestApp({ config: { uploadQuotaBytes: 250_000, dataDir } });
    try {
      const token = (await login(q.app, 'demo', 'demo123')).token;
      const png = (size: number) =>
        Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(size - 8, 1)]);
      const send = async (size: number, who = token) => {
        const body = multipart(png(size), 'floor.png', 'file', 'image/png');
        return (
          await q.app.inject({
            method: 'POST',
            url: '/api/device/indoor/upload',
            payload: body.payload,
            headers: { ...body.headers, authorization: who },
          })
        ).json() as { code: number; key?: string };
      };
      expect((await send(200_000)).code).toBe(0);
      expect(await send(60_000)).toMatchObject({ code: 400, key: 'quotaExceeded' });
      expect((await send(40_000)).code).toBe(0);
      // Another tenant's storage is its own.
      const admin = (await login(q.app, 'admin', 'admin123')).token;
      expect((await send(200_000, admin)).code).toBe(0);
    } finally {
      await q.close();
    }
  });
});

describe('UWB tags', () => {
  it("answers each tag's newest UWB fix within the window, for its own tenant only", async () => {
    const tags = await t.app.db
      .select()
      .from(devices)
      .where(and(eq(devices.tenantId, demoTenant), eq(devices.kind, 'uwbTag')));
    expect(tags.length).toBeGreaterThan(0);
    const now = t.clock.now();
    for (const [i, d] of tags.entries()) {
      await t.app.db.insert(deviceLocations).values([
        { deviceId: d.id, tenantId: demoTenant, ts: new Date(now - 5_000), source: 'uwb', x: 1, y: 1, floor: '1F' },
        {
          deviceId: d.id,
          tenantId: demoTenant,
          ts: new Date(now - 1_000),
          source: 'uwb',
          x: 10 + i,
          y: 20,
          floor: '1F',
        },
        { deviceId: d.id, tenantId: demoTenant, ts: new Date(now), source: 'gps', lat: 22.5, lon: 114 },
      ]);
    }
    const res = await call<UwbTag[]>('indoor', 'tags', { sinceS: 60 });
    expect(res.code).toBe(0);
    expect(res.data.map((r) => [r.imei, r.x, r.y, r.floor]).sort()).toEqual(
      tags.map((d, i) => [d.imei, 10 + i, 20, '1F']).sort(),
    );
    expect(res.data[0]!.ts).toBe(now - 1_000);
    t.clock.advance(120_000);
    expect((await call<UwbTag[]>('indoor', 'tags', { sinceS: 60 })).data).toEqual([]);
    expect((await call<UwbTag[]>('indoor', 'tags', {})).data).toHaveLength(tags.length);
    expect((await call<UwbTag[]>('indoor', 'tags', {}, other.token)).data).toEqual([]);
    expect(await call('indoor', 'tags', { sinceS: 0 })).toMatchObject({ code: 400 });
  });
});
