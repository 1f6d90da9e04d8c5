import type { FastifyInstance } from 'fastify';
import { post } from './helper';

const made = new Map<string, Promise<void>>();

/**
 * The community rows of one company for the registry-wide suites, made once per company: a
 * community (a valid naming rule, a known region) with a building, a unit and a room under it, and
 * a property staff member serving it with valid duty hours.
 */
async function tree(app: FastifyInstance, token: string, n: number) {
  const add = async (path: string, body: object) => {
    const res = await post<{ id: number }>(app, `/api/user/${path}/add`, body, { token });
    if (res.code !== 0) throw new Error(`${path}: ${res.msg}`);
    return res.data;
  };
  const c = await add('community', {
    name: `isoAcommunity${n}`,
    province: '广东省',
    city: '深圳市',
    namingRule: '{building}-{unit}-{floor}{room:02}',
    buildingCount: 1,
    unitCount: 1,
    floorCount: 1,
    roomCount: 1,
  });
  const b = await add('building', { communityId: c.id, number: 1, name: `isoAbuilding${n}` });
  const u = await add('unit', { buildingId: b.id, number: 1, name: `isoAunit${n}` });
  await add('room', { unitId: u.id, floor: 1, number: 1, name: `isoAroom${n}` });
  await add('propertyStaff', {
    name: `isoAstaff${n}`,
    phone: '13900001234',
    post: 'isoApost',
    communityIds: [c.id],
    onDuty: true,
    dutyStart: '08:00',
    dutyEnd: '20:00',
  });
}

function once(app: FastifyInstance, token: string): Promise<void> {
  if (!made.has(token)) made.set(token, tree(app, token, made.size + 1));
  return made.get(token)!;
}

export const createCommunityRows: Record<string, (app: FastifyInstance, token: string) => Promise<void>> =
  Object.fromEntries(
    ['user/community', 'user/building', 'user/unit', 'user/room', 'user/propertyStaff'].map((key) => [
      key,
      (app: FastifyInstance, token: string) => once(app, token),
    ]),
  );
