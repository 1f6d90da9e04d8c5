/**
 * Live positions (9020 on `acm/t/{tenantId}/positions`): coalesced per tenant and published about
 * once a second; a console of the tenant (and a super administrator) may subscribe, a console of
 * another tenant and any device may not, on the embedded broker and through the HTTP ACL hook.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSITIONS_CODE, positionsPushSchema, type Position } from '../../../src/shared/geo/positions';
import { tenantPositionsTopic, topics } from '../../../src/shared/topics';
import { authorizeSubscribe, positionsTopicTenant, type Principal } from '../../../src/server/broker/acl';
import type { EmbeddedBroker } from '../../../src/server/broker/types';
import { AS_BROKER, buildTestApp, login, post, type TestApp } from '../helper';
import { tenantId } from '../fixtures';
import { tenantWithAdmin } from '../org-helper';
import { addDevices, type TestDevice } from '../ingest-helper';
import { consoleInbox, sleep, type ConsoleInbox } from '../push-helper';

describe('positions subscribe decisions (pure)', () => {
  const me: Principal = { kind: 'console', userId: 9, tokenHash: 'h', tenantId: 2, superAdmin: false };
  const su: Principal = { kind: 'console', userId: 1, tokenHash: 'h', tenantId: 1, superAdmin: true };
  const dev: Principal = { kind: 'device', imei: '861234567890123', deviceId: 5, tenantId: 2 };

  it('lets a console follow its own tenant only, a super administrator any', () => {
    expect(authorizeSubscribe(me, tenantPositionsTopic(2))).toBe(true);
    expect(authorizeSubscribe(me, tenantPositionsTopic(3))).toBe(false);
    expect(authorizeSubscribe(su, tenantPositionsTopic(3))).toBe(true);
    expect(authorizeSubscribe(dev, tenantPositionsTopic(2))).toBe(false);
    expect(authorizeSubscribe(undefined, tenantPositionsTopic(2))).toBe(false);
  });

  it('refuses wildcards and look-alikes', () => {
    for (const topic of ['acm/t/+/positions', 'acm/t/#', 'acm/t/02/positions', 'acm/t/2/positions/x', 'acm/t/2/+']) {
      expect(authorizeSubscribe(su, topic), topic).toBe(false);
      expect(positionsTopicTenant(topic), topic).toBeUndefined();
    }
  });
});

describe('positions push on the embedded broker', () => {
  let t: TestApp;
  let url: string;
  let demoTenant: number;
  let d: TestDevice;
  let inbox: ConsoleInbox;
  const inboxes: ConsoleInbox[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ embeddedBroker: true });
    url = `mqtt://127.0.0.1:${await (t.app.broker as EmbeddedBroker).listenTcp(0, '127.0.0.1')}`;
    demoTenant = await tenantId(t.app, 'Demo Site');
    [d] = (await addDevices(t.app, 1)) as [TestDevice];
    const { token, user } = await login(t.app, 'demo', 'demo123');
    inbox = await consoleInbox(url, user.id, token, [tenantPositionsTopic(demoTenant)]);
    inboxes.push(inbox);
  });
  afterAll(async () => {
    await Promise.all(inboxes.map((i) => i.client.endAsync(true).catch(() => {})));
    await t?.close();
  });

  const send = async (message: object) => {
    t.app.ingest.handle(topics.deviceUp(d.imei), Buffer.from(JSON.stringify(message)), null);
    await t.app.ingest.drain();
  };
  const positionsOf = () =>
    inbox.received
      .filter((r) => r.topic === tenantPositionsTopic(demoTenant))
      .flatMap((r) => positionsPushSchema.parse(r.body).positions.filter((p) => p.imei === d.imei));

  it('delivers the latest position of each device, coalesced, to a console of the tenant', async () => {
    inbox.clear();
    const ts = Date.now();
    for (let i = 0; i < 5; i++) await send({ kind: 'location', lat: 22.54 + i / 1000, lon: 114.06, ts: ts + i });
    await inbox.next(POSITIONS_CODE, 3000);
    await sleep(1300);
    const got = positionsOf();
    // Five fixes within a few milliseconds: at most two publishes (one interval boundary), the last one wins.
    expect(got.length).toBeGreaterThanOrEqual(1);
    expect(got.length).toBeLessThanOrEqual(2);
    expect(got.at(-1)).toMatchObject<Partial<Position>>({
      imei: d.imei,
      lat: 22.544,
      lon: 114.06,
      state: 1,
      ts: ts + 4,
    });
  });

  it('carries UWB x/y/floor and state changes', async () => {
    inbox.clear();
    await send({ kind: 'location', source: 'uwb', x: 12.5, y: 7.25, floor: 'F2' });
    await until(() => positionsOf().some((p) => p.x === 12.5));
    expect(positionsOf().at(-1)).toMatchObject({ x: 12.5, y: 7.25, floor: 'F2', state: 1 });
    inbox.clear();
    await send({ kind: 'status', online: false });
    await until(() => positionsOf().some((p) => p.state === 0));
  });

  it('refuses the topic to a console of another tenant; a super administrator may follow it', async () => {
    const other = await tenantWithAdmin(t.app, 'Elsewhere', 'posother');
    await expect(consoleInbox(url, other.userId, other.token, [tenantPositionsTopic(demoTenant)])).rejects.toThrow();
    const own = await consoleInbox(url, other.userId, other.token, [tenantPositionsTopic(other.tenant)]);
    inboxes.push(own);
    const { token, user } = await login(t.app, 'admin', 'admin123');
    const su = await consoleInbox(url, user.id, token, [tenantPositionsTopic(demoTenant)]);
    inboxes.push(su);
    await send({ kind: 'location', lat: 22.6, lon: 114.1 });
    await su.next(POSITIONS_CODE, 3000);
    await sleep(300);
    expect(own.codes()).toEqual([]);
  });

  it('answers the external broker ACL hook by tenant', async () => {
    const { user } = await login(t.app, 'demo', 'demo123');
    const acl = (topic: string, acc: number) =>
      post(t.app, '/api/mqtt/acl', { username: String(user.id), topic, acc }, AS_BROKER).then((r) => r.status);
    expect(await acl(tenantPositionsTopic(demoTenant), 4)).toBe(200);
    expect(await acl(tenantPositionsTopic(demoTenant), 1)).toBe(200);
    expect(await acl(tenantPositionsTopic(demoTenant + 1000), 4)).toBe(403);
    // Nobody but the service publishes there.
    expect(await acl(tenantPositionsTopic(demoTenant), 2)).toBe(403);
    expect(await acl('acm/t/+/positions', 4)).toBe(403);
  });
});

async function until(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(20);
  }
}
