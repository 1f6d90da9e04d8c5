import { expect, test } from './fixtures';
import { signIn } from './helpers';

// /analyze and /map/figure against the service with the demo fleet (seeded devices, the
// in-process simulator sending readings): the figures come from the service, the charts draw.
test('/analyze and /map/figure show the demo fleet in charts', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'demo', 'demo123');

  await page.goto('/analyze');
  const analyze = page.getByTestId('analyze-screen');
  await expect(analyze.getByTestId('figure-devices')).toHaveText(/[1-9]\d*/, { timeout: 30_000 });
  const total = Number((await analyze.getByTestId('figure-devices').textContent())?.replace(/\D/g, ''));
  expect(total).toBeGreaterThan(0);
  for (const id of ['days', 'types', 'hours', 'online'])
    await expect(analyze.getByTestId(`panel-${id}`).locator('canvas').first()).toBeVisible();

  // A panel exports its figures as CSV.
  await analyze.getByTestId('export-days').click();
  const download = page.waitForEvent('download');
  await page.getByTestId('export-days-csv').click();
  expect((await download).suggestedFilename()).toMatch(/^alarmDays-\d{8}\.csv$/);

  await page.goto('/map/figure');
  const figure = page.getByTestId('figure-screen');
  await expect(figure).toBeVisible({ timeout: 30_000 });
  for (const id of ['kinds', 'states', 'alarms', 'days', 'departments', 'state-line', 'scatter'])
    await expect(figure.getByTestId(`panel-${id}`).locator('canvas').first()).toBeVisible();
  // The state pie's middle shows the fleet's online rate: a percentage drawn from real counts.
  const answer = await page.evaluate(async () => {
    const token = localStorage.getItem('token') ?? '';
    const now = new Date();
    const res = await fetch('/api/device/analytics/devices/stats', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ from: new Date(now.getTime() - 86_400_000).toISOString(), to: now.toISOString() }),
    });
    return (await res.json()) as { code: number; data: { total: number; byKind: unknown[] } };
  });
  expect(answer.code).toBe(0);
  expect(answer.data.total).toBe(total);
  expect(answer.data.byKind.length).toBeGreaterThan(1);
});
