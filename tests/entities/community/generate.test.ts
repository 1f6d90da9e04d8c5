import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_STATE, type Job } from '../../../src/shared/jobs';
import { finishedJob, post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';
import { rooms } from '../../../src/entities/room';
import { generateCommunity } from '../../../src/entities/community/generate';
import { checkSizes, parseNamingRule, roomName } from '../../../src/shared/community-naming';

let t: TestApp;
let demo: string;
let demoTenant: number;
let other: string;

beforeAll(async () => {
  ({ t, demo, demoTenant } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Co', 'otheradmin')).token;
});
afterAll(() => t?.close());

const RULE = '{building}栋{unit}单元{floor}{room:02}';
const sizes = { buildingCount: 3, unitCount: 2, floorCount: 18, roomCount: 4 };

async function community(name: string, extra: object = {}) {
  const res = await post<Row>(
    t.app,
    '/api/user/community/add',
    { name, namingRule: RULE, ...sizes, ...extra },
    { token: demo },
  );
  expect(res.code, res.msg).toBe(0);
  return res.data;
}

async function generate(id: number, token = demo): Promise<Job> {
  const res = await post<Job>(t.app, '/api/user/community/generate', { id }, { token });
  expect(res.code, res.msg).toBe(0);
  return finishedJob(t.app, res.data.id, token);
}

describe('naming rules', () => {
  it('names rooms by the rule, zero-padding where asked and never cutting a wider number', () => {
    expect(roomName(RULE, { building: 1, unit: 2, floor: 18, room: 3 })).toBe('1栋2单元1803');
    expect(roomName('{building}-{unit}-{floor:03}-{room}', { building: 12, unit: 1, floor: 7, room: 11 })).toBe(
      '12-1-007-11',
    );
    expect(roomName('{floor}{room:02}', { building: 1, unit: 1, floor: 3, room: 123 })).toBe('3123');
  });

  it('refuses unknown or malformed placeholders and rules without {room} or {floor}, with their keys', () => {
    expect(parseNamingRule('{building}栋{flor}{room}')).toEqual({ ok: false, key: 'namingRuleUnknown' });
    expect(parseNamingRule('{building}栋{floor}{room:x}')).toEqual({ ok: false, key: 'namingRuleUnknown' });
    expect(parseNamingRule('{floor}{room')).toEqual({ ok: false, key: 'namingRuleUnknown' });
    expect(parseNamingRule('{building}栋{floor}层')).toEqual({ ok: false, key: 'namingRuleNeedsRoom' });
    expect(parseNamingRule('{building}栋{room}')).toEqual({ ok: false, key: 'namingRuleNeedsFloor' });
    expect(parseNamingRule(RULE).ok).toBe(true);
  });

  it('bounds the sizes', () => {
    expect(checkSizes(sizes)).toEqual({ ok: true, rooms: 432 });
    expect(checkSizes({ ...sizes, buildingCount: 101 })).toEqual({ ok: false, key: 'communityTooLarge' });
    expect(checkSizes({ buildingCount: 100, unitCount: 20, floorCount: 50, roomCount: 2 })).toEqual({
      ok: false,
      key: 'communityTooLarge',
    });
    expect(checkSizes({ ...sizes, roomCount: 0 })).toEqual({ ok: false, key: 'communityNoSizes' });
  });

  it('the service answers a bad rule, absurd sizes and an unknown region with their keys', async () => {
    const add = (body: object) => post(t.app, '/api/user/community/add', { name: 'Bad', ...body }, { token: demo });
    expect((await add({ namingRule: '{building}{room}' })).key).toBe('namingRuleNeedsFloor');
    expect((await add({ namingRule: '{block}{floor}{room}' })).key).toBe('namingRuleUnknown');
    expect((await add({ buildingCount: 100, unitCount: 20, floorCount: 200, roomCount: 50 })).key).toBe(
      'communityTooLarge',
    );
    expect((await add({ buildingCount: 101 })).key).toBe('tooLarge');
    expect((await add({ province: '广东省', city: '北京市' })).key).toBe('regionInvalid');
    expect((await add({ province: '广东省', city: '深圳市', district: '南山区' })).code).toBe(0);
  });
});

describe('room generation', () => {
  it('3 buildings x 2 units x 18 floors x 4 rooms: one job generates 6 units and 432 named rooms with progress', async () => {
    const c = await community('Generated Garden');
    const job = await generate(c.id);
    expect(job).toMatchObject({ state: JOB_STATE.done, kind: 'communityRooms', progress: 100, rows: 432, total: 432 });
    expect(job.result).toMatchObject({ buildings: 3, units: 6, rooms: 432, created: 432 });
    const listed = await list(
      t.app,
      'room',
      { filters: { communityId: c.id }, size: 5, sort: [{ field: 'id', order: 'asc' }] },
      demo,
    );
    expect(listed.total).toBe(432);
    expect(listed.rows.map((r) => r.name)).toEqual([
      '1栋1单元101',
      '1栋1单元102',
      '1栋1单元103',
      '1栋1单元104',
      '1栋1单元201',
    ]);
    expect((await list(t.app, 'room', { keyword: '3栋2单元1804' }, demo)).rows[0]).toMatchObject({
      floor: 18,
      number: 4,
    });
    expect((await list(t.app, 'building', { filters: { communityId: c.id } }, demo)).rows.map((r) => r.name)).toEqual([
      '1栋',
      '2栋',
      '3栋',
    ]);
    // The tree: 3 buildings, 2 units each, 72 rooms per unit.
    const tree = (
      await post<{ buildings: { units: { rooms: unknown[] }[] }[] }>(
        t.app,
        '/api/user/community/tree',
        { id: c.id },
        { token: demo },
      )
    ).data;
    expect(tree.buildings.map((b) => b.units.map((u) => u.rooms.length))).toEqual([
      [72, 72],
      [72, 72],
      [72, 72],
    ]);
    // Another company sees none of it, cannot generate it and cannot read its tree.
    expect((await list(t.app, 'room', { filters: { communityId: c.id } }, other)).total).toBe(0);
    expect((await post(t.app, '/api/user/community/generate', { id: c.id }, { token: other })).code).toBe(404);
    expect((await post(t.app, '/api/user/community/tree', { id: c.id }, { token: other })).code).toBe(404);
  });

  it('reports progress unit by unit, and running it again creates nothing; a grown count adds only the new rooms', async () => {
    const c = await community('Twice Garden');
    const seen: [number, number][] = [];
    const first = await generateCommunity(t.app.db, demoTenant, c.id, (done, total) => seen.push([done, total]));
    expect(first).toMatchObject({ rooms: 432, created: 432 });
    expect(seen).toEqual([0, 72, 144, 216, 288, 360, 432].map((d) => [d, 432]));
    const again = await generate(c.id);
    expect(again.result).toMatchObject({ rooms: 432, created: 0 });
    expect((await post(t.app, '/api/user/community/update', { id: c.id, floorCount: 19 }, { token: demo })).code).toBe(
      0,
    );
    expect((await generate(c.id)).result).toMatchObject({ rooms: 456, created: 24 });
  });

  it('refuses to generate a community without sizes', async () => {
    const res = await post<Row>(t.app, '/api/user/community/add', { name: 'Empty' }, { token: demo });
    expect((await post(t.app, '/api/user/community/generate', { id: res.data.id }, { token: demo })).key).toBe(
      'communityNoSizes',
    );
  });
});

describe('renaming', () => {
  it('a changed rule previews the renames (a page and the count) and applies them in one go', async () => {
    const c = await community('Renamed Garden', { buildingCount: 1, unitCount: 2, floorCount: 3, roomCount: 2 });
    await generate(c.id);
    // A room named by hand that the new rule would also rename.
    const preview = await post<{ total: number; changes: { id: number; from: string; to: string }[] }>(
      t.app,
      '/api/user/community/renamePreview',
      { id: c.id, namingRule: '{building}-{unit}-{floor:02}{room:02}', limit: 3 },
      { token: demo },
    );
    expect(preview.code, preview.msg).toBe(0);
    expect(preview.data.total).toBe(12);
    expect(preview.data.changes.map((x) => [x.from, x.to])).toEqual([
      ['1栋1单元101', '1-1-0101'],
      ['1栋1单元102', '1-1-0102'],
      ['1栋1单元201', '1-1-0201'],
    ]);
    expect(
      (
        await post(
          t.app,
          '/api/user/community/renamePreview',
          { id: c.id, namingRule: '{unit}{room}' },
          { token: demo },
        )
      ).key,
    ).toBe('namingRuleNeedsFloor');
    // The same rule renames nothing.
    expect(
      (
        await post<{ total: number }>(
          t.app,
          '/api/user/community/renamePreview',
          { id: c.id, namingRule: RULE },
          { token: demo },
        )
      ).data.total,
    ).toBe(0);
    const applied = await post<{ renamed: number }>(
      t.app,
      '/api/user/community/rename',
      { id: c.id, namingRule: '{building}-{unit}-{floor:02}{room:02}' },
      { token: demo },
    );
    expect(applied.data.renamed).toBe(12);
    const names = (
      await t.app.db
        .select({ name: rooms.name })
        .from(rooms)
        .where(and(eq(rooms.communityId, c.id), eq(rooms.floor, 3)))
    )
      .map((r) => r.name)
      .sort();
    expect(names).toEqual(['1-1-0301', '1-1-0302', '1-2-0301', '1-2-0302']);
    expect((await list(t.app, 'community', { keyword: 'Renamed' }, demo)).rows[0]?.namingRule).toBe(
      '{building}-{unit}-{floor:02}{room:02}',
    );
    // Rooms generated later follow the new rule.
    expect((await post(t.app, '/api/user/community/update', { id: c.id, floorCount: 4 }, { token: demo })).code).toBe(
      0,
    );
    await generate(c.id);
    expect(
      (
        await list(
          t.app,
          'room',
          { filters: { communityId: c.id, floor: 4 }, sort: [{ field: 'id', order: 'asc' }] },
          demo,
        )
      ).rows[0]?.name,
    ).toBe('1-1-0401');
    // Another company can neither preview nor apply.
    expect(
      (await post(t.app, '/api/user/community/rename', { id: c.id, namingRule: RULE }, { token: other })).code,
    ).toBe(404);
  });
});
