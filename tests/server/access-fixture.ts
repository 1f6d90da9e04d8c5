import type { FastifyInstance } from 'fastify';
import { accessCards } from '../../src/entities/access-card';
import { accessEvents } from '../../src/entities/access-event';
import { accessRightDevices, accessRights } from '../../src/entities/access-right';
import { devices } from '../../src/server/db/schema';
import { eq } from 'drizzle-orm';
import { post } from './helper';

const made = new Map<string, Promise<{ residentId: number; deviceId: number; tenantId: number; imei: string }>>();

async function make(app: FastifyInstance, token: string, n: number) {
  const add = async (path: string, body: object) => {
    const res = await post<{ id: number; tenantId: number }>(app, `/api/${path}/add`, body, { token });
    if (res.code !== 0) throw new Error(`${path}: ${res.msg}`);
    return res.data;
  };
  const c = await add('user/community', { name: `isoAcommunity${n}` });
  const b = await add('user/building', { communityId: c.id, number: 1, name: 'isoA1' });
  const u = await add('user/unit', { buildingId: b.id, number: 1, name: 'isoA1' });
  const room = await add('user/room', { unitId: u.id, floor: 1, number: 1, name: `isoAroom${n}` });
  const resident = await add('user/resident', {
    name: `isoAresident${n}`,
    phone: '13800138000',
    role: 1,
    roomId: room.id,
  });
  // A device the company has already (the suites snapshot each list once: no new devices here).
  const [known] = await app.db
    .select({ id: devices.id, imei: devices.imei })
    .from(devices)
    .where(eq(devices.tenantId, resident.tenantId))
    .limit(1);
  const device =
    known ??
    (await add('device/device', {
      imei: `86${String(Date.now() % 1e9).padStart(9, '0')}${String(n).padStart(4, '0')}`,
      kind: 'doorUnit',
      messageType: 'json',
    }));
  return {
    residentId: resident.id,
    deviceId: device.id,
    tenantId: resident.tenantId,
    imei: 'imei' in device ? device.imei : '',
  };
}

/**
 * The access-control rows of one company for the registry-wide suites: a resident in a room of a
 * community, a door unit, and through them a right, a card and an access event.
 */
export function accessFixture(app: FastifyInstance, token: string) {
  if (!made.has(token)) made.set(token, make(app, token, made.size + 1));
  return made.get(token)!;
}

export const createAccessRows: Record<string, (app: FastifyInstance, token: string) => Promise<void>> = {
  'user/resident': async (app, token) => void (await accessFixture(app, token)),
  'user/accessRight': async (app, token) => {
    const f = await accessFixture(app, token);
    const [right] = await app.db
      .insert(accessRights)
      .values({ tenantId: f.tenantId, subject: 2, name: 'isoAstaff' })
      .returning({ id: accessRights.id });
    await app.db.insert(accessRightDevices).values({ tenantId: f.tenantId, rightId: right!.id, deviceId: f.deviceId });
  },
  'user/accessCard': async (app, token) => {
    const f = await accessFixture(app, token);
    await app.db.insert(accessCards).values({
      tenantId: f.tenantId,
      cardNo: `isoAcard${f.tenantId}`,
      residentId: f.residentId,
      deviceId: f.deviceId,
    });
  },
  'user/accessEvent': async (app, token) => {
    const f = await accessFixture(app, token);
    await app.db.insert(accessEvents).values({
      tenantId: f.tenantId,
      deviceId: f.deviceId,
      imei: f.imei,
      method: 'card',
      credential: `isoAcard${f.tenantId}`,
      granted: true,
      reason: 'ok',
      at: new Date(),
    });
  },
};
