/** The recipient cache's lifetime rules: read-through, refresh ahead of expiry without waiting, hard expiry. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleResources, userRoles } from '../../../src/server/db/schema';
import { RecipientCache } from '../../../src/server/push/recipients';
import { eq } from 'drizzle-orm';
import { addRole, addUser, resourceIds, tenantId } from '../fixtures';
import { buildTestApp, type TestApp } from '../helper';

let t: TestApp;
let tenant: number;
let plain: number;
let roleId: number;

beforeAll(async () => {
  t = await buildTestApp();
  tenant = await tenantId(t.app, 'Demo Site');
  roleId = await addRole(t.app, tenant, 'products only', ['productList']);
  plain = await addUser(t.app, { tenant, username: 'plainr', roleIds: [roleId] });
});

afterAll(async () => {
  await t?.close();
});

const settle = () => new Promise((r) => setTimeout(r, 300));

describe('recipient cache', () => {
  it('answers from the entry, refreshes it in the background past 80 % of its life, and reloads after expiry', async () => {
    const cache = new RecipientCache(t.app.db, t.clock, 30_000);
    expect(await cache.get(tenant)).not.toContain(plain);
    const [alarmList] = await resourceIds(t.app, ['alarmList']);
    await t.app.db.insert(roleResources).values({ tenantId: tenant, roleId, resourceId: alarmList! });

    t.clock.advance(10_000);
    await cache.get(tenant);
    await settle();
    // Young entry: still the old list, no refresh started.
    expect(await cache.get(tenant)).not.toContain(plain);

    t.clock.advance(15_000);
    // 25 s old: answered at once from the old list, while a refresh runs...
    expect(await cache.get(tenant)).not.toContain(plain);
    await settle();
    // ...whose result serves the next pushes, with a fresh lifetime.
    expect(await cache.get(tenant)).toContain(plain);
    t.clock.advance(20_000);
    expect(await cache.get(tenant)).toContain(plain);

    // Past the lifetime nothing stale is answered: the grant's removal is seen at once.
    await t.app.db.delete(roleResources).where(eq(roleResources.roleId, roleId));
    t.clock.advance(31_000);
    expect(await cache.get(tenant)).not.toContain(plain);
    expect((await t.app.db.select().from(userRoles).where(eq(userRoles.userId, plain))).length).toBe(1);
  });
});
