import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/shared/messages';
import { buildTestApp, login, post, type TestApp } from '../../server/helper';
import { tenantWithAdmin } from '../../server/org-helper';

let t: TestApp;
let demo: string;
beforeAll(async () => {
  t = await buildTestApp();
  demo = (await login(t.app, 'demo', 'demo123')).token;
});
afterAll(() => t?.close());

describe('escalation policies and steps', () => {
  it('refuses a step without its target or a channel that reaches it', async () => {
    const policy = await post<{ id: number }>(
      t.app,
      '/api/device/escalationPolicy/add',
      { name: '夜班', fromTime: '20:00', toTime: '08:00', enabled: true },
      { token: demo },
    );
    expect(policy.code).toBe(0);
    const step = (body: object) =>
      post(
        t.app,
        '/api/device/escalationStep/add',
        { policyId: policy.data.id, delaySeconds: 30, ...body },
        { token: demo },
      );
    expect((await step({ target: 'user', viaConsole: true })).key).toBe('escalationTargetIncomplete');
    expect((await step({ target: 'contacts', viaConsole: true })).key).toBe('escalationChannelRequired');
    expect((await step({ target: 'address', address: 'not a number', viaSms: true })).key).toBe('phoneInvalid');
    expect((await step({ target: 'address', address: 'ops@example.com', viaEmail: true })).code).toBe(0);
    expect((await step({ target: 'operators', viaConsole: true, viaSms: true })).code).toBe(0);
    const bad = await post(
      t.app,
      '/api/device/escalationPolicy/add',
      { name: 'x', fromTime: '25:00', enabled: true },
      { token: demo },
    );
    expect(bad.key).toBe('timeInvalid');
  });
});

describe('escalation steps across tenants', () => {
  it("refuse another company's policy, user and role exactly as ids that exist nowhere, and store nothing", async () => {
    const a = await tenantWithAdmin(t.app, 'Escalation A', 'esca');
    const b = await tenantWithAdmin(t.app, 'Escalation B', 'escb');
    const policy = async (token: string) =>
      (await post<{ id: number }>(t.app, '/api/device/escalationPolicy/add', { name: 'p', enabled: true }, { token }))
        .data.id;
    const [aPolicy, bPolicy] = [await policy(a.token), await policy(b.token)];
    const nowhere = 2_000_000_000;
    const add = async (body: object) => {
      const res = await post(
        t.app,
        '/api/device/escalationStep/add',
        { policyId: bPolicy, delaySeconds: 60, viaConsole: true, ...body },
        { token: b.token },
      );
      return { code: res.code, key: res.key, msg: res.msg, data: res.data };
    };
    const refused = { code: 400, key: 'refInvalid', msg: MESSAGES.refInvalid, data: null };
    const tries: [object, object][] = [
      [
        { policyId: aPolicy, target: 'operators' },
        { policyId: nowhere, target: 'operators' },
      ],
      [
        { target: 'user', userId: a.userId },
        { target: 'user', userId: nowhere },
      ],
      [
        { target: 'role', roleId: a.roleId },
        { target: 'role', roleId: nowhere },
      ],
    ];
    for (const [foreign, missing] of tries) {
      expect(await add(foreign), JSON.stringify(foreign)).toEqual(refused);
      expect(await add(missing), JSON.stringify(missing)).toEqual(refused);
    }
    // B's own policy, user and role are fine; an update to A's is refused the same way.
    const own = await add({ target: 'user', userId: b.userId });
    expect(own.code).toBe(0);
    const id = (own.data as { id: number }).id;
    const update = (body: object) =>
      post(t.app, '/api/device/escalationStep/update', { id, ...body }, { token: b.token });
    expect(await update({ policyId: aPolicy })).toMatchObject({ code: 400, key: 'refInvalid' });
    expect(await update({ userId: a.userId })).toMatchObject({ code: 400, key: 'refInvalid' });
    const steps = await post<{ rows: { policyId: number; userId: number }[] }>(
      t.app,
      '/api/device/escalationStep/list',
      {},
      { token: b.token },
    );
    expect(steps.data.rows.map((r) => [r.policyId, r.userId])).toEqual([[bPolicy, b.userId]]);
  });
});
