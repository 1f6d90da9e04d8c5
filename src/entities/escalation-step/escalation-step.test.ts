import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, post, type TestApp } from '../../../tests/server/helper';

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
