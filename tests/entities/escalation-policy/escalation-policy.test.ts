import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARM_TYPE_NUMBERS, ALARM_TYPES } from '../../../src/shared/alarms/types';
import { post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';

let t: TestApp;
let demo: string;
let demoTenant: number;
let other: string;

beforeAll(async () => {
  ({ t, demo, demoTenant } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Co', 'otheradmin')).token;
});
afterAll(() => t?.close());

const call = <T = Row>(action: string, body: unknown, token = demo) =>
  post<T>(t.app, `/api/device/escalationPolicy/${action}`, body, { token });

describe('escalation policies (/alarmEscalation)', () => {
  it('lists the seeded policies of the tenant only, filtered by alarm type and enabled', async () => {
    const all = await list(t.app, 'escalationPolicy', {}, demo, 'device');
    expect(all.rows.map((r) => r.name)).toEqual(['SOS 默认升级', '紧急报警默认升级']);
    const sos = await list(t.app, 'escalationPolicy', { filters: { alarmType: 15 } }, demo, 'device');
    expect(sos.rows).toMatchObject([{ name: 'SOS 默认升级', alarmType: 15, enabled: true, tenantId: demoTenant }]);
    expect((await list(t.app, 'escalationPolicy', { filters: { enabled: false } }, demo, 'device')).total).toBe(0);
    expect((await list(t.app, 'escalationPolicy', {}, other, 'device')).total).toBe(0);
    expect((await call('get', { id: sos.rows[0]!.id }, other)).code).toBe(404);
  });

  it('takes a critical alarm type and HH:MM times only; a name is required', async () => {
    const minor = ALARM_TYPE_NUMBERS.find((n) => ALARM_TYPES[n].level <= 1)!;
    expect(minor).toBeDefined();
    expect(await call('add', { name: 'Minor', alarmType: minor, enabled: true })).toMatchObject({
      code: 400,
      key: 'mustChooseOne',
    });
    expect(await call('add', { name: 'Night', fromTime: '8:00', enabled: true })).toMatchObject({
      code: 400,
      key: 'timeInvalid',
    });
    expect(await call('add', { fromTime: '20:00', enabled: true })).toMatchObject({ code: 400, key: 'required' });
    expect(await call('add', { name: 'x'.repeat(51), enabled: true })).toMatchObject({ code: 400, key: 'tooLong' });
  });

  it('updates a policy in place; deleting it takes its steps along', async () => {
    const added = await call('add', { name: '夜班升级', alarmType: 15, fromTime: '20:00', toTime: '08:00' });
    expect(added.code, added.msg).toBe(0);
    expect(added.data).toMatchObject({ enabled: true, tenantId: demoTenant });
    const id = added.data.id;
    const step = await post<Row>(
      t.app,
      '/api/device/escalationStep/add',
      { policyId: id, delaySeconds: 60, target: 'operators', viaConsole: true },
      { token: demo },
    );
    expect(step.code, step.msg).toBe(0);
    expect((await call('update', { id, enabled: false, toTime: '07:30' })).data).toMatchObject({
      name: '夜班升级',
      enabled: false,
      fromTime: '20:00',
      toTime: '07:30',
    });
    expect((await list(t.app, 'escalationPolicy', { filters: { enabled: false } }, demo, 'device')).rows).toMatchObject(
      [{ id }],
    );
    expect((await call('delete', { ids: [id] })).code).toBe(0);
    expect((await list(t.app, 'escalationStep', { filters: { policyId: id } }, demo, 'device')).total).toBe(0);
    expect((await post(t.app, '/api/device/escalationStep/get', { id: step.data.id }, { token: demo })).code).toBe(404);
  });
});
