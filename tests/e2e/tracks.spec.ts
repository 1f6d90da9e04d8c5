import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { onTenantClock, signIn } from './helpers';

// The demo seed writes a day of history (walks by day, rests by night) for the second helmet of the site.
const HELMET = 'Smart helmet Construction site 2';
const STATE = { ready: '1', playing: '2', paused: '3', finished: '4' } as const;

/** The playback cursor's position on the MapLibre map, read through its container. */
function cursorAt(page: Page): Promise<number[] | null> {
  return page.evaluate(async () => {
    type Src = { getData(): Promise<{ features: { geometry: { coordinates: number[] } }[] }> };
    const host = document.querySelector('[data-testid="map-host"]') as
      (Element & { __maplibre?: { getSource(id: string): Src | undefined } }) | null;
    const src = host?.__maplibre?.getSource('track-cursor');
    const data = src ? await src.getData() : null;
    return data?.features[0]?.geometry.coordinates ?? null;
  });
}

const lineDrawn = (page: Page) =>
  page.evaluate(() => {
    const host = document.querySelector('[data-testid="map-host"]') as
      (Element & { __maplibre?: { getLayer(id: string): unknown } }) | null;
    return !!host?.__maplibre?.getLayer('track:line');
  });

test('track playback: route drawn, play, pause, speed 8 finishes sooner, finished, play restarts at 0', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The page's clock: the playback's ticks are counted in the test's time, not the machine's, so
  // a loaded machine cannot make 8x look slow (it did: a finished run measured 2.0 s against 1.77).
  await page.clock.install();
  await signIn(page, 'demo', 'demo123');
  await page.goto('/map/track');

  // Pick the device by name; the route keeps it in the URL.
  await page.getByTestId('track-device').click();
  await page.getByTestId('track-device').fill(HELMET);
  await page.getByRole('option', { name: new RegExp(`^${HELMET} · `) }).click();
  await expect(page).toHaveURL(/imei=86\d{13}/);
  const imei = new URL(page.url()).searchParams.get('imei')!;

  // The last 24 hours, whatever the time of day the test runs at.
  const now = Date.now();
  const search = new URLSearchParams({
    imei,
    from: onTenantClock(new Date(now - 86_400_000)),
    to: onTenantClock(new Date(now + 60_000)),
  });
  await page.goto(`/map/track?${search}`);
  const screen = page.getByTestId('track-screen');
  await expect(screen).toHaveAttribute('data-points', /^\d{3,}$/, { timeout: 30_000 });
  const points = Number(await screen.getAttribute('data-points'));
  expect(points).toBeGreaterThan(500);
  await expect.poll(() => lineDrawn(page), { timeout: 30_000 }).toBe(true);
  const bar = page.getByTestId('track-bar');
  await expect(bar).toHaveAttribute('data-state', STATE.ready);
  await expect.poll(() => cursorAt(page)).not.toBeNull();
  const start = await cursorAt(page);

  // Play: the progress and the cursor move.
  await page.getByTestId('track-play').click();
  await expect(bar).toHaveAttribute('data-state', STATE.playing);
  await expect.poll(async () => Number(await bar.getAttribute('data-percent'))).toBeGreaterThan(1);
  await expect.poll(() => cursorAt(page)).not.toEqual(start);

  // Pause holds. From here the page's time moves only when the test moves it.
  await page.getByTestId('track-play').click();
  await expect(bar).toHaveAttribute('data-state', STATE.paused);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  const held = await bar.getAttribute('data-percent');
  const heldAt = await cursorAt(page);
  await page.clock.runFor(600);
  await expect(bar).toHaveAttribute('data-percent', held!);
  expect(await cursorAt(page)).toEqual(heldAt);
  const panelTime = await page.getByTestId('track-point-time').innerText();
  expect(panelTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

  // At 1x a second moves a few percent; at 8x the rest of the track is done in an eighth of the
  // time it would take at 1x (checked with a quarter).
  const before1x = Number(held);
  await page.getByTestId('track-play').click();
  await page.clock.runFor(1_000);
  await page.getByTestId('track-play').click();
  await expect(bar).toHaveAttribute('data-state', STATE.paused);
  const per1xSecond = Number(await bar.getAttribute('data-percent')) - before1x;
  expect(per1xSecond).toBeGreaterThan(0);
  expect(per1xSecond).toBeLessThan(20);
  await page.getByTestId('track-speed').getByText('8x').click();
  await page.getByTestId('track-play').click();
  await expect(bar).toHaveAttribute('data-state', STATE.playing);
  const remaining1x = (100 - before1x - per1xSecond) / per1xSecond;
  await page.clock.runFor(Math.ceil((remaining1x / 4) * 1000));
  await expect(bar).toHaveAttribute('data-state', STATE.finished);

  // Finished: 100 %, the cursor on the last point, nothing moves.
  await expect(bar).toHaveAttribute('data-percent', '100');
  await expect(page.getByTestId('track-point-index')).toHaveText(`${points} / ${points}`);
  const end = await cursorAt(page);
  await page.clock.runFor(300);
  expect(await cursorAt(page)).toEqual(end);

  // Play again restarts at 0 (at 1x, so the first ticks stay near the start).
  await page.getByTestId('track-speed').getByText('1x').click();
  await page.getByTestId('track-play').click();
  await expect(bar).toHaveAttribute('data-state', STATE.playing);
  expect(Number(await bar.getAttribute('data-percent'))).toBeLessThan(10);
  await page.getByTestId('track-play').click();
  await expect(bar).toHaveAttribute('data-state', STATE.paused);
});
