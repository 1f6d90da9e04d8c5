import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmRecords } from '../../../src/server/db/schema';
import { addTenant } from '../../server/fixtures';
import { post, type TestApp } from '../../server/helper';
import { demoApp, list, parseCsv } from '../../server/org-helper';

let t: TestApp;
let su: string;
let demo: string;
let demoTenant: number;
let ids: number[];
const imei = '860000000004242';

beforeAll(async () => {
  ({ t, su, demo, demoTenant } = await demoApp());
  const otherTenant = await addTenant(t.app, 'Other Site');
  const at = (s: number) => new Date(t.clock.now() - 3_600_000 + s * 1000);
  const row = (tenantId: number, type: number, extra: Partial<typeof alarmRecords.$inferInsert> = {}) => ({
    tenantId,
    imei,
    type,
    level: type === 15 ? 3 : 2,
    title: 'x',
    deviceKind: 'helmet',
    deviceName: 'Helmet 42',
    ts: at(0),
    createdAt: at(0),
    ...extra,
  });
  ids = (
    await t.app.db
      .insert(alarmRecords)
      .values([
        // Acknowledged 45 s after it was stored and handled at 5 min.
        row(demoTenant, 15, { ackedAt: at(45), handledAt: at(300), handleState: 1, personName: '王工' }),
        row(demoTenant, 6),
        row(otherTenant, 15),
      ])
      .returning({ id: alarmRecords.id })
  ).map((r) => r.id);
});
afterAll(() => t?.close());

describe('alarm records (/AlarmHistory)', () => {
  it('filters by type, level and handling; the keyword finds the person; each tenant sees its own', async () => {
    const mine = await list(t.app, 'alarm', { filters: { imei } }, demo, 'device');
    expect(mine.rows.map((r) => r.id).sort()).toEqual([ids[0], ids[1]]);
    expect((await list(t.app, 'alarm', { filters: { imei, type: 15 } }, demo, 'device')).rows).toMatchObject([
      { id: ids[0], level: 3, tenantId: demoTenant },
    ]);
    expect((await list(t.app, 'alarm', { filters: { imei, handleState: 0 } }, demo, 'device')).rows).toMatchObject([
      { id: ids[1] },
    ]);
    expect((await list(t.app, 'alarm', { keyword: '王工' }, demo, 'device')).rows.map((r) => r.id)).toEqual([ids[0]]);
    expect((await list(t.app, 'alarm', { filters: { imei } }, su, 'device')).total).toBe(3);
    expect(await post(t.app, '/api/device/alarm/list', { filters: { level: 'high' } }, { token: demo })).toMatchObject({
      code: 400,
    });
  });

  it('answers the seconds to acknowledge and to handle, none while not yet done', async () => {
    const [acked] = (await list(t.app, 'alarm', { filters: { imei, type: 15 } }, demo, 'device')).rows;
    expect(acked).toMatchObject({ ackSeconds: 45, handleSeconds: 300 });
    const [open] = (await list(t.app, 'alarm', { filters: { imei, type: 6 } }, demo, 'device')).rows;
    expect(open).toMatchObject({ ackSeconds: null, handleSeconds: null });
  });

  it('is written by the alarm engine only: no add, update or delete; the export carries the rows', async () => {
    for (const [action, body] of [
      ['add', { imei, type: 6 }],
      ['update', { id: ids[1], handleState: 1 }],
      ['delete', { ids: [ids[1]] }],
    ] as const) {
      expect((await post(t.app, `/api/device/alarm/${action}`, body, { token: demo })).status, action).toBe(404);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/device/alarm/export',
      payload: { format: 'csv', filters: { imei } },
      headers: { authorization: demo },
    });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toContain('IMEI');
    expect(rows).toHaveLength(2);
  });
});
