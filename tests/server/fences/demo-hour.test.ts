/**
 * Fence alarms must not drown everything else (docs/fences.md, "What raises what"): an hour of the
 * demo fleet against the demo's own fences. Every demo device runs the simulator's model
 * (DeviceBrain: the walk, the locators' cell-tower and Wi-Fi fixes, the workers' shifts, the
 * supervision wanderer) on a simulated clock, reporting every 10 s as `npm start` does; its fixes
 * go through the real evaluator against the seeded fences and assignments. No real time passes: the
 * fixes carry the simulated time.
 */
import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePayload } from '../../../src/shared/devices/codec';
import { demoFleet } from '../../../src/shared/devices/demo';
import { uplinkSchema } from '../../../src/shared/devices/protocol';
import { devices, fences } from '../../../src/server/db/schema';
import { SITE_FENCE, SITE_FENCE_NEEDS_M, SITE_FENCE_RADIUS_M } from '../../../src/server/db/seed-workers';
import { fixOf, type Fix } from '../../../src/server/fences/evaluator';
import { localInstant } from '../../../src/shared/attendance/days';
import { DEFAULT_INTERVAL_S } from '../../../src/sim/args';
import { DeviceBrain } from '../../../src/sim/brain';
import { buildTestApp, type TestApp } from '../helper';

const TZ = 'Asia/Shanghai';
/** A working Monday morning (the site's workers wear their helmets), an hour holding two of the supervision wanderer's excursions (at :30 and :00 UTC). */
const START = localInstant('2026-11-23', 9 * 60 + 10, TZ).getTime();
const HOUR_S = 3_600;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

/** Runs every demo device for `seconds` from `start`; answers the fence alarms raised, with their fence's name. */
async function runFleet(start: number, seconds: number) {
  const clock = { t: start };
  const rows = await t.app.db
    .select({ id: devices.id, tenantId: devices.tenantId, imei: devices.imei })
    .from(devices)
    .where(
      inArray(
        devices.imei,
        demoFleet().map((d) => d.imei),
      ),
    );
  const byImei = new Map(rows.map((r) => [r.imei, r]));
  let batch: Fix[] = [];
  const brains = demoFleet().map((d) => {
    const device = byImei.get(d.imei)!;
    return new DeviceBrain(
      d,
      (_topic, payload) => {
        const m = uplinkSchema.safeParse(decodePayload(payload).value);
        const fix = m.success ? fixOf(device, m.data, clock.t) : undefined;
        if (fix && t.app.fenceIndex.watches(device.tenantId, device.id)) batch.push(fix);
      },
      { intervalS: DEFAULT_INTERVAL_S, idPrefix: 'hour', now: () => clock.t, shiftTimeZone: TZ },
    );
  });
  const raised: { type: number; fence: string; imei: string; ts: number }[] = [];
  let fixes = 0;
  for (let s = 0; s < seconds; s += DEFAULT_INTERVAL_S) {
    clock.t = start + s * 1000;
    for (const b of brains) b.report(DEFAULT_INTERVAL_S);
    fixes += batch.length;
    for (const r of await t.app.fenceEvaluator.evaluate(batch))
      raised.push({ type: r.type, fence: r.location ?? '', imei: r.imei, ts: r.ts.getTime() });
    batch = [];
  }
  return { raised, fixes };
}

describe('the demo fleet against the demo fences', () => {
  it("sizes the site fence to the walk, the locators' Wi-Fi jitter and the margin", async () => {
    expect(SITE_FENCE_RADIUS_M).toBeGreaterThanOrEqual(SITE_FENCE_NEEDS_M);
    const [site] = await t.app.db.select().from(fences).where(eq(fences.name, SITE_FENCE));
    expect(site).toMatchObject({ radius: SITE_FENCE_RADIUS_M, dwellS: null });
    // The supervision home fences raise at once (the supervisor's one-second target).
    const homes = await t.app.db.select().from(fences).where(like(fences.name, '%居住地围栏'));
    expect(homes.length).toBeGreaterThan(0);
    for (const h of homes) expect(h.dwellS).toBe(0);
  });

  it('raises fewer than 10 fence alarms in a simulated hour', async () => {
    const { raised, fixes } = await runFleet(START, HOUR_S);
    const summary = raised.map((r) => `${r.type} ${r.fence} ${r.imei} ${new Date(r.ts).toISOString()}`);
    console.log(`fence alarms in one simulated hour: ${raised.length} (${fixes} fixes judged)\n${summary.join('\n')}`);
    // Every fix of a watched device was judged: the hour is not empty.
    expect(fixes).toBeGreaterThan(1_000);
    expect(raised.length).toBeLessThan(10);
    // The site fence holds its devices; what rings is the wanderer leaving home and coming back, twice.
    expect(raised.filter((r) => r.fence === SITE_FENCE)).toEqual([]);
    expect(raised.map((r) => r.type)).toEqual([20, 3, 20, 3]);
    // An hour of the whole fleet is CPU work: 10-15 s alone, up to 40 s beside the suite's other files.
  }, 90_000);
});
