import { expect, test } from './fixtures';
import { signIn } from './helpers';

// The telemetry screens (src/shared/devices/metric-routes.ts) against the service and the
// in-process simulator, which keeps sending readings of the demo fleet. States are read from test
// ids and data attributes.
test('/map/heart_rate opens on the fleet, lists the simulated devices with their heart rate; a device shows its history chart', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'demo', 'demo123');
  await page.goto('/map/heart_rate');
  const screen = page.getByTestId('metric-screen');
  await expect(screen).toHaveAttribute('data-metric', 'heartRate');

  // It opens on the fleet: the current values of the live devices and the worst ones' last hours
  // (the demo's seeded history), before any device is picked.
  await expect(page.getByTestId('metric-fleet-chart').locator('canvas').first()).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('metric-trend-chart').locator('canvas').first()).toBeVisible();
  await expect(page.getByTestId('metric-history')).toHaveCount(0);

  // A device that reports right now: its value is a number and its level is not offline.
  const live = screen
    .getByTestId('metric-device')
    .filter({ has: page.getByTestId('metric-value').getByText(/^\d+(\.\d+)? bpm$/) });
  await expect(live.first()).toBeVisible({ timeout: 45_000 });
  expect(await live.first().getAttribute('data-level')).toMatch(/^(normal|high|low)$/);
  const imei = await live.first().getAttribute('data-imei');
  expect(imei).toMatch(/^86\d{13}$/);

  await live.first().click();
  const history = page.getByTestId('metric-history');
  await expect(history).toBeVisible();
  await expect(history.getByTestId('metric-grain')).toHaveAttribute('data-grain', 'minute', { timeout: 20_000 });
  await expect(history.getByTestId('metric-chart').locator('canvas').first()).toBeVisible();

  // A shorter range asks again and still draws.
  await history.getByTestId('metric-range').getByText('1小时', { exact: true }).click();
  await expect(history.getByTestId('metric-grain')).toHaveAttribute('data-grain', 'minute');
  await expect(history.getByTestId('metric-chart').locator('canvas').first()).toBeVisible();

  // Seven days come in hourly buckets; zooming into the last hours of the chart asks for minutes.
  await history.getByTestId('metric-range').getByText('7天', { exact: true }).click();
  await expect(history.getByTestId('metric-grain')).toHaveAttribute('data-grain', 'hour');
  const canvas = history.getByTestId('metric-chart').locator('canvas').first();
  const box = (await canvas.boundingBox())!;
  // At the plot's right end (it ends 56 px before the canvas's, the band of the limit lines' labels):
  // the zoom keeps the last hours, where the minutes are.
  await page.mouse.move(box.x + box.width - 60, box.y + box.height / 2);
  // The chart throttles its zoom, so a busy machine takes fewer steps per wheel turn: the wheel
  // turns until the chart asks for minutes, as a user keeps scrolling until it does.
  await expect(async () => {
    for (let i = 0; i < 5; i++) {
      await page.mouse.wheel(0, -200);
      await page.waitForTimeout(50);
    }
    await expect(history.getByTestId('metric-grain')).toHaveAttribute('data-grain', 'minute', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('metric-alarms')).toBeVisible();
});
