import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { adPlays } from '../../src/entities/advertisement';
import { devices } from '../../src/server/db/schema';
import { post } from './helper';
import { upload } from './org-helper';

const webm = readFileSync(new URL('../../public/video/demo-recording.webm', import.meta.url));
const made = new Map<string, Promise<{ adId: number; deviceId: number; tenantId: number; imei: string }>>();

async function make(app: FastifyInstance, token: string, n: number) {
  const video = (await upload(app, '/api/user/ossUser/uploadAdvertVideo', webm, token, 'iso.webm')).data as {
    name: string;
  };
  const ad = await post<{ id: number; tenantId: number }>(
    app,
    '/api/user/advertisement/add',
    { title: `isoAad${n}`, client: `isoAclient${n}`, phone: '13800138000', video: video.name, fee: 0.1, status: 1 },
    { token },
  );
  if (ad.code !== 0) throw new Error(`advertisement: ${ad.msg}`);
  await post(app, '/api/user/advertisement/review', { id: ad.data.id, pass: true }, { token });
  const imei = `86${String(Date.now() % 1e9).padStart(9, '0')}${String(n + 50).padStart(4, '0')}`;
  const device = await post<{ id: number }>(
    app,
    '/api/device/device/add',
    { imei, kind: 'doorUnit', messageType: 'json' },
    { token },
  );
  if (device.code !== 0) throw new Error(`door unit: ${device.msg}`);
  await app.db.update(devices).set({ state: 1 }).where(eq(devices.id, device.data.id));
  const sent = await post(app, '/api/user/advertisement/distribute', { id: ad.data.id, imeis: [imei] }, { token });
  if (sent.code !== 0) throw new Error(`distribute: ${sent.msg}`);
  return { adId: ad.data.id, deviceId: device.data.id, tenantId: ad.data.tenantId, imei };
}

/** One company's advertising rows for the registry-wide suites: a passed ad delivered to a door unit, and a play of it. */
export function adFixture(app: FastifyInstance, token: string) {
  if (!made.has(token)) made.set(token, make(app, token, made.size + 1));
  return made.get(token)!;
}

export const createAdRows: Record<string, (app: FastifyInstance, token: string) => Promise<void>> = {
  'user/advertisement': async (app, token) => void (await adFixture(app, token)),
  'user/adDelivery': async (app, token) => void (await adFixture(app, token)),
  'user/adPlay': async (app, token) => {
    const f = await adFixture(app, token);
    await app.db
      .insert(adPlays)
      .values({
        tenantId: f.tenantId,
        adId: f.adId,
        deviceId: f.deviceId,
        imei: f.imei,
        startedAt: new Date(),
        seconds: 8,
      })
      .onConflictDoNothing();
  },
};
