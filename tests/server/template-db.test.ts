import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { max } from 'drizzle-orm';
import { alarmRecords, tenants } from '../../src/server/db/schema';
import { buildTestApp, login, type TestApp } from './helper';
import { createTemplate } from './template-db';

// The test databases are copies of the run's seeded template (template-db.ts, global-setup.ts).
describe('test databases from the seeded template', () => {
  const opened: TestApp[] = [];
  // A template of its own, seeded now: the run's may be from before a midnight (UTC or the
  // service's zone) that the run crossed, and a copy of another day is seeded afresh by design.
  const names = [
    'TEST_TEMPLATE_PG',
    'TEST_TEMPLATE_PGLITE',
    'TEST_TEMPLATE_PGLITE_DIR',
    'TEST_TEMPLATE_SEEDED_AT',
  ] as const;
  const runs = Object.fromEntries(names.map((n) => [n, process.env[n]]));
  let drop: () => Promise<void>;
  let seededAt: string | undefined;
  beforeAll(async () => {
    drop = await createTemplate();
    seededAt = process.env.TEST_TEMPLATE_SEEDED_AT;
  }, 120_000);
  afterAll(async () => {
    await drop();
    for (const n of names) {
      if (runs[n] === undefined) delete process.env[n];
      else process.env[n] = runs[n];
    }
  });
  afterEach(async () => {
    process.env.TEST_TEMPLATE_SEEDED_AT = seededAt;
    await Promise.all(opened.splice(0).map((t) => t.close()));
  });
  const latestAlarm = async (t: TestApp) =>
    (await t.app.db.select({ at: max(alarmRecords.createdAt) }).from(alarmRecords))[0]!.at!.getTime();

  it('gives each app its own copy with the demo data and accounts', async () => {
    const [a, b] = await Promise.all([buildTestApp(), buildTestApp()]);
    opened.push(a, b);
    expect(a.app.seedResult.seeded).toBe(false);
    await a.app.db.insert(tenants).values({ name: 'Only in a' });
    const names = async (t: TestApp) =>
      (await t.app.db.select({ name: tenants.name }).from(tenants)).map((r) => r.name);
    expect(await names(a)).toContain('Only in a');
    expect(await names(b)).not.toContain('Only in a');
    expect(await names(b)).toContain('Demo Site');
    expect((await login(b.app, 'demo', 'demo123')).user.username).toBe('demo');
  });

  it('a copy keeps the times the template was seeded with; on another day than the template the app seeds afresh', async () => {
    expect(seededAt, 'the global setup names the template').toBeTruthy();
    const copy = await buildTestApp();
    opened.push(copy);
    expect(copy.app.seedResult.seeded).toBe(false);
    // The demo's latest alarm was stored while the template was seeded, not when this app started.
    const latest = await latestAlarm(copy);
    expect(latest).toBeGreaterThanOrEqual(Number(seededAt) - 86_400_000);
    expect(latest).toBeLessThan(Number(seededAt) + 60_000);
    process.env.TEST_TEMPLATE_SEEDED_AT = String(Number(seededAt) - 2 * 86_400_000);
    const fresh = await buildTestApp();
    opened.push(fresh);
    expect(fresh.app.seedResult.seeded).toBe(true);
    expect((await login(fresh.app, 'demo', 'demo123')).user.username).toBe('demo');
    // A fresh demo seed, migrations and every index included: 22 s on a quiet 2-core machine.
  }, 120_000);

  it('a production app seeds its own database: no demo data from the template', async () => {
    const prod = await buildTestApp({ config: { env: 'production' } });
    opened.push(prod);
    expect(prod.app.seedResult).toMatchObject({ seeded: true, demo: false });
    expect((await prod.app.db.select({ name: tenants.name }).from(tenants)).map((r) => r.name)).toEqual(['Platform']);
  }, 90_000);
});
