import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { faceDistributions } from '../../src/entities/face-distribution';
import { devices } from '../../src/server/db/schema';
import { post } from './helper';
import { upload } from './org-helper';

const PORTRAIT = readFileSync(new URL('../fixtures/faces/collins-1.jpg', import.meta.url));
const made = new Map<string, Promise<void>>();

async function ok<T>(app: FastifyInstance, token: string, path: string, body: object): Promise<T> {
  const res = await post<T>(app, path, body, { token });
  if (res.code !== 0) throw new Error(`${path}: ${res.msg}`);
  return res.data;
}

/**
 * All of one company's face rows at once (a library, a sample from an uploaded face, a
 * resident's face awaiting review, the library's distribution to a device), so that no row of
 * one face list changes after the suite has read it (a library's sample count would).
 */
async function make(app: FastifyInstance, token: string, n: number): Promise<void> {
  const library = await ok<{ id: number; tenantId: number }>(app, token, '/api/user/faceLibrary/add', {
    name: `isoAfaces${n}`,
    qualityThreshold: 0.5,
    intraThreshold: 0.6,
    interThreshold: 0.75,
  });
  const picture = (await upload(app, '/api/user/face/uploadFaceImg', PORTRAIT, token, 'face.jpg')).data;
  await ok(app, token, '/api/user/faceSample/add', { libraryId: library.id, labels: `isoAperson${n}`, picture });
  await ok(app, token, '/api/user/faceReview/add', {
    libraryId: library.id,
    residentName: `isoAresident${n}`,
    picture: '/faces/demo-collins-2.jpg',
  });
  // A device the company already has (the device lists were read before), else a new door unit.
  let [device] = await app.db
    .select({ id: devices.id, imei: devices.imei })
    .from(devices)
    .where(eq(devices.tenantId, library.tenantId))
    .limit(1);
  if (!device) {
    const imei = `86${String(Date.now() % 1e9).padStart(9, '0')}${String(n).padStart(4, '0')}`;
    device = {
      id: (
        await ok<{ id: number }>(app, token, '/api/device/device/add', { imei, kind: 'doorUnit', messageType: 'json' })
      ).id,
      imei,
    };
  }
  // Never sent (the unit was offline): a pending row, as /distribute makes for an offline unit.
  await app.db.insert(faceDistributions).values({
    tenantId: library.tenantId,
    libraryId: library.id,
    deviceId: device.id,
    imei: device.imei,
    error: 'deviceOffline',
  });
}

function faces(app: FastifyInstance, token: string): Promise<void> {
  if (!made.has(token)) made.set(token, make(app, token, made.size + 1));
  return made.get(token)!;
}

/** The face entities for the registry-wide suites (resources-isolation): each makes all of them once. */
export const createFaceRows: Record<string, (app: FastifyInstance, token: string) => Promise<void>> =
  Object.fromEntries(
    ['user/faceLibrary', 'user/faceSample', 'user/faceReview', 'device/faceDistribution'].map((key) => [key, faces]),
  );
