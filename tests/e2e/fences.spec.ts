import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demoRoster, sim, signIn } from './helpers';

// A fence drawn in the UI, then a simulated device driven across it: device -> broker -> ingest
// -> fence evaluation -> alarm engine -> push -> the console. The device is a smoke detector:
// fixed devices send no positions of their own, so only this test's fixes move it.
// States are read from test ids and data attributes, not texts (see realtime.spec.ts).
test.describe.configure({ mode: 'serial' });

/** Demo devices of a kind, with the name the console shows in notifications. */
async function devicesOf(kind: string): Promise<{ imei: string; name: string }[]> {
  return (await demoRoster()).filter((d) => d.kind === kind && d.protocol === 'mqtt');
}

const locate = (imei: string, [lat, lon]: [number, number]) =>
  sim('send', '--imei', imei, '--kind', 'location', '--value', `${lat},${lon}`);

type MapHandle = {
  __maplibre?: {
    loaded(): boolean;
    isMoving(): boolean;
    project(p: [number, number]): { x: number; y: number };
    jumpTo(o: { center: [number, number]; zoom: number }): void;
  };
};

/** The screen pixel of a WGS-84 point on the editor's map, once the map has stopped moving. */
async function pixelOf(page: Page, lonLat: [number, number]): Promise<{ x: number; y: number }> {
  await page.waitForFunction(
    () => {
      const map = (document.querySelector('[data-testid=map-host]') as unknown as MapHandle | null)?.__maplibre;
      return !!map && map.loaded() && !map.isMoving();
    },
    null,
    { timeout: 30_000 },
  );
  const host = page.getByTestId('map-host');
  const box = (await host.boundingBox())!;
  const p = await host.evaluate((el, at) => (el as unknown as Required<MapHandle>).__maplibre.project(at), lonLat);
  return { x: box.x + p.x, y: box.y + p.y };
}

/**
 * Centres the map on a point at a street zoom once it has stopped moving: the screen frames every
 * fence of the tenant, and other tests' fences far away can shrink a 100 m fence to a few pixels.
 */
async function zoomTo(page: Page, lonLat: [number, number]): Promise<void> {
  await pixelOf(page, lonLat);
  await page
    .getByTestId('map-host')
    .evaluate((el, at) => (el as unknown as Required<MapHandle>).__maplibre.jumpTo({ center: at, zoom: 17 }), lonLat);
}

/** Fills the editor, assigns the device, draws a 100 m circle on it with the mouse and saves. */
async function drawCircleFence(
  page: Page,
  name: string,
  imei: string,
  at: [number, number],
  keyFence = false,
): Promise<void> {
  await page.goto('/map/fenceInfo');
  await page.locator('[data-field=name]').fill(name);
  // Crossings at once: these walks test what a crossing raises, not the dwell (docs/fences.md).
  await page.locator('[data-field=dwell]').fill('0');
  if (keyFence) {
    await page.locator('[data-field=type]').click();
    await page.getByRole('option').first().click(); // code table order: 0 key fence, 1 electronic
  }
  const devices = page.getByTestId('fence-devices');
  await devices.click();
  await devices.fill(imei);
  await page.getByRole('option', { name: new RegExp(imei) }).click();
  await page.keyboard.press('Escape');
  // With nothing drawn yet, the map flies to the chosen device.
  await expect(page.getByTestId('fence-draw')).toBeEnabled({ timeout: 30_000 });
  await page.waitForTimeout(300);
  await page.getByTestId('fence-draw').click();
  await expect(page.getByTestId('draw-toolbar')).toBeVisible();
  const p = await pixelOf(page, [at[1], at[0]]);
  await page.mouse.click(p.x, p.y);
  await page.getByTestId('draw-finish').click();
  await expect(page.getByTestId('draw-toolbar')).toHaveCount(0);
  await expect(page.locator('[data-field=radius]')).toHaveValue('100');
  const lat = Number(await page.getByTestId('fence-latitude').inputValue());
  const lon = Number(await page.getByTestId('fence-longitude').inputValue());
  // The circle's centre is where the mouse went down: within a few metres of the device.
  expect(Math.abs(lat - at[0])).toBeLessThan(0.0001);
  expect(Math.abs(lon - at[1])).toBeLessThan(0.0001);
  await page.getByTestId('fence-save').click();
  await expect(page).toHaveURL(/\/fenceList/);
  await expect(page.getByTestId('data-table')).toContainText(name);
}

async function alarmTypesOf(page: Page, imei: string): Promise<string[]> {
  const rows = page.getByTestId('data-table').locator('tbody tr').filter({ hasText: imei });
  return rows.getByTestId('alarm-type').evaluateAll((els) => els.map((e) => e.getAttribute('data-type') ?? ''));
}

const countOf = async (page: Page, imei: string, type: number) =>
  (await alarmTypesOf(page, imei)).filter((t) => t === String(type)).length;

/** Notification titles are "<alarm type> · <device>" (the source locale's labels, in the shipped catalog). */
const TITLES = { 20: '出围栏告警', 21: '进围栏告警' } as const;

/**
 * One more alarm of `type` for the device, live (no reload): a new /AlarmHistory row. Fence
 * recovery (3) is a notice (level 1): the console toasts only warnings and worse
 * (realtime/useAlarmNotifications.ts), so it has a row only.
 */
async function expectNewAlarm(
  page: Page,
  device: { imei: string; name: string },
  type: number,
  before: number,
): Promise<void> {
  await expect.poll(() => countOf(page, device.imei, type), { timeout: 15_000 }).toBe(before + 1);
}

/** A fence exit or entry is a warning: a notification naming type and device, and its new row. */
async function expectNotifiedAlarm(
  page: Page,
  device: { imei: string; name: string },
  type: keyof typeof TITLES,
  before: number,
): Promise<void> {
  const note = page
    .getByTestId('alarm-notification')
    .filter({ hasText: device.name })
    .filter({ hasText: TITLES[type] });
  await expect(note.first()).toBeVisible({ timeout: 15_000 });
  await expectNewAlarm(page, device, type, before);
}

test('an electronic fence drawn on the map: leaving raises fence exit (20), coming back fence recovery (3)', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const [device] = await devicesOf('smoke');
  if (!device) throw new Error('no smoke detector in the demo roster');
  const { imei } = device;
  const home: [number, number] = [22.5452, 114.0561];
  const away: [number, number] = [22.5482, 114.0561]; // ~330 m north
  await locate(imei, home);

  await signIn(page, 'demo');
  const name = `e2e围栏${Date.now() % 100000}`;
  await drawCircleFence(page, name, imei, home);

  await page.goto('/AlarmHistory');
  await expect(page.locator('html')).toHaveAttribute('data-live', 'connected', { timeout: 20_000 });
  await expect(page.getByTestId('data-table')).toBeVisible();
  // The first fix inside only records the device as inside (no alarm for a keep-in fence).
  await locate(imei, home);
  await page.waitForTimeout(1500);
  const exits = await countOf(page, imei, 20);
  const recoveries = await countOf(page, imei, 3);

  await locate(imei, away);
  await expectNotifiedAlarm(page, device, 20, exits);
  await locate(imei, home);
  await expectNewAlarm(page, device, 3, recoveries);
  // Neither fix raised anything else of the fence's.
  expect(await countOf(page, imei, 20)).toBe(exits + 1);

  // /fenceMap: a click inside the fence shows it with the device inside.
  await page.goto('/map/fenceMap');
  await expect(page.getByTestId('fence-map-item').filter({ hasText: name })).toBeVisible();
  await zoomTo(page, [home[1], home[0]]);
  // 55 m north of the centre: inside the 100 m circle, clear of the device's marker at its centre.
  const p = await pixelOf(page, [home[1], home[0] + 0.0005]);
  await page.mouse.click(p.x, p.y);
  const info = page.getByTestId('fence-map-info');
  await expect(info).toContainText(name);
  await expect(info.getByTestId('fence-map-inside')).toContainText(imei);
});

test('a key fence: a device arriving inside raises fence entry (21)', async ({ page }) => {
  test.setTimeout(180_000);
  const [, device] = await devicesOf('smoke');
  if (!device) throw new Error('no second smoke detector in the demo roster');
  const { imei } = device;
  const outside: [number, number] = [22.5602, 114.0701];
  const site: [number, number] = [22.5572, 114.0701];
  await locate(imei, site);

  await signIn(page, 'demo');
  await drawCircleFence(page, `e2e重点${Date.now() % 100000}`, imei, site, true);

  await page.goto('/AlarmHistory');
  await expect(page.locator('html')).toHaveAttribute('data-live', 'connected', { timeout: 20_000 });
  await expect(page.getByTestId('data-table')).toBeVisible();
  await locate(imei, outside);
  await page.waitForTimeout(1000);
  const entries = await countOf(page, imei, 21);
  await locate(imei, site);
  await expectNotifiedAlarm(page, device, 21, entries);
});

test('polygon: clicked vertices closed by a double-click, then a vertex dragged', async ({ page }) => {
  await signIn(page, 'demo', 'demo123');
  await page.goto('/map/fenceInfo');
  await page.locator('[data-field=shape]').click();
  await page.getByRole('option').last().click(); // code table order: 0 circle, 1 polygon
  await expect(page.getByTestId('fence-draw')).toBeEnabled({ timeout: 30_000 });
  await page.getByTestId('fence-draw').click();
  const c = await pixelOf(page, [114.06, 22.54]);
  await page.mouse.click(c.x - 100, c.y - 80);
  await page.mouse.click(c.x + 100, c.y - 80);
  await page.mouse.click(c.x + 100, c.y + 80);
  await page.mouse.dblclick(c.x - 100, c.y + 80);
  await expect(page.getByTestId('draw-toolbar')).toHaveCount(0);
  await expect(page.getByTestId('fence-vertex-count')).toContainText('4');

  // Edit: drag the last vertex further out; Escape would cancel, the finish button keeps it.
  await page.getByTestId('fence-edit-shape').click();
  const centre = () =>
    page
      .getByTestId('map-host')
      .evaluate(
        (el) =>
          (el as unknown as { __maplibre: { getCenter(): { lng: number; lat: number } } }).__maplibre.getCenter().lng,
      );
  const before = await centre();
  await page.mouse.move(c.x - 100, c.y + 80);
  await page.mouse.down();
  await page.mouse.move(c.x - 150, c.y + 120, { steps: 5 });
  await page.mouse.up();
  // The press on the handle moved the vertex, not the map.
  expect(await centre()).toBe(before);
  await page.getByTestId('draw-finish').click();
  await expect(page.getByTestId('fence-vertex-count')).toContainText('4');
  const shapes = await page.getByTestId('map-host').evaluate(async (el) => {
    const map = (el as unknown as { __maplibre: { getStyle(): { sources: Record<string, { data?: unknown }> } } })
      .__maplibre;
    return JSON.stringify(map.getStyle().sources);
  });
  expect(shapes).toContain('#1791fc');
});
