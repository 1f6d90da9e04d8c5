import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY } from '../../../src/shared/codes';
import { devices } from '../../../src/server/db/schema';
import { post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';

let t: TestApp;
let demo: string;
let demoTenant: number;
let other: string;
const imei = `86${String(Math.floor(Math.random() * 1e13)).padStart(13, '0')}`;

beforeAll(async () => {
  ({ t, demo, demoTenant } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Co', 'otheradmin')).token;
  // An online helmet of the demo site that has been sent two commands.
  const added = await post<Row>(t.app, '/api/device/device/add', { imei, kind: 'helmet' }, { token: demo });
  expect(added.code, added.msg).toBe(0);
  await t.app.db.update(devices).set({ state: 1 }).where(eq(devices.imei, imei));
  for (const [cmd, params] of [
    ['broadcast', { mp3: '' }],
    ['locate', {}],
  ] as const) {
    const sent = await post(t.app, '/api/device/command/send', { imei, cmd, params }, { token: demo });
    expect(sent.code, sent.msg).toBe(0);
  }
});
afterAll(() => t?.close());

describe('the command log (/DeviceDtail)', () => {
  it('lists the commands of a device newest first, filtered by command and status, for its tenant only', async () => {
    const sent = await list(t.app, 'command', { filters: { imei } }, demo, 'device');
    expect(sent.rows.map((r) => r.cmd)).toEqual(['locate', 'broadcast']);
    expect(sent.rows[1]).toMatchObject({
      params: '{"mp3":""}',
      status: DELIVERY.sent,
      operatorName: 'Demo administrator',
      tenantId: demoTenant,
    });
    expect((await list(t.app, 'command', { filters: { imei, cmd: 'broadcast' } }, demo, 'device')).total).toBe(1);
    expect((await list(t.app, 'command', { filters: { imei, status: DELIVERY.failed } }, demo, 'device')).total).toBe(
      0,
    );
    expect((await list(t.app, 'command', { filters: { imei } }, other, 'device')).total).toBe(0);
    expect((await post(t.app, '/api/device/command/get', { id: sent.rows[0]!.id }, { token: other })).code).toBe(404);
  });

  it('is written by command/send only: no add, update, delete or export; bad filters are refused', async () => {
    const [row] = (await list(t.app, 'command', { filters: { imei } }, demo, 'device')).rows;
    for (const [action, body] of [
      ['add', { imei, cmd: 'locate' }],
      ['update', { id: row!.id, status: DELIVERY.failed }],
      ['delete', { ids: [row!.id] }],
      ['export', { format: 'csv' }],
    ] as const) {
      expect((await post(t.app, `/api/device/command/${action}`, body, { token: demo })).status, action).toBe(404);
    }
    expect(
      await post(t.app, '/api/device/command/list', { filters: { status: 'sent' } }, { token: demo }),
    ).toMatchObject({ code: 400 });
    expect(
      await post(t.app, '/api/device/command/list', { filters: { operatorName: 'x' } }, { token: demo }),
    ).toMatchObject({ code: 400 });
  });
});
