import { expect, test } from './fixtures';
import { signIn } from './helpers';

// Runs against the in-process simulator: the demo fleet's UWB tags walk the 60 x 40 m hall and
// report x/y every 10 s; the floor view shows them live (push, or its 2 s poll).
test('the demo floor shows its base stations and a simulated UWB tag moving', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'demo', 'demo123');
  await page.goto('/map/indoorMap');

  const plan = page.getByTestId('floor-plan');
  await expect(plan).toBeVisible();
  await expect(page.getByTestId('plan-picker')).toHaveValue(/Demo construction site/);
  await expect(plan.getByTestId('station-marker')).toHaveCount(5);
  // The shipped floor picture loads (offline-safe, from the PWA's own files).
  await expect
    .poll(() => plan.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  // The frame keeps the floor's 60:40 aspect, so metres map to pixels uniformly.
  const box = (await plan.boundingBox())!;
  expect(box.width / box.height).toBeCloseTo(1.5, 1);

  // A simulated worker pauses now and then for up to 90 s (Walker in src/shared/devices/motion.ts),
  // so watch every tag: within one longest pause plus a report interval, one of them has moved.
  const tags = plan.getByTestId('tag-marker');
  await expect(tags.first()).toBeVisible({ timeout: 40_000 });
  const where = () =>
    tags.evaluateAll((els: HTMLElement[]) =>
      Object.fromEntries(els.map((el) => [el.dataset.imei!, `${el.style.left} ${el.style.top}`])),
    );
  const first = await where();
  const moved = async () => {
    const now = await where();
    return Object.keys(now).filter((imei) => first[imei] !== undefined && now[imei] !== first[imei]);
  };
  await expect.poll(async () => (await moved()).length, { timeout: 110_000, intervals: [1000] }).toBeGreaterThan(0);
  // It stays on the floor.
  const [imei] = await moved();
  const [left, top] = (await where())[imei!]!.split(' ').map((v) => Number.parseFloat(v));
  expect(left).toBeGreaterThanOrEqual(0);
  expect(left).toBeLessThanOrEqual(100);
  expect(top).toBeGreaterThanOrEqual(0);
  expect(top).toBeLessThanOrEqual(100);
});
