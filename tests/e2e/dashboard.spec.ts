import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectShell, loginWithAccount, sim, deviceOf, takeOpenAlarms, signIn } from './helpers';

// The critical alarms these tests raise are taken after each, so none escalates into the next test.
test.afterEach(({ request }) => takeOpenAlarms(request));

// The dashboards against the service and the in-process demo fleet: /index (the city dashboard,
// the post-login home) and /index8 (the data wall) fill from the fleet, and a device's alarm
// shows in "alarms today" without a reload (live notice 9040, then the summary again).
test.describe.configure({ mode: 'serial' });

const helmetImei = () => deviceOf('helmet');

async function valueOf(page: Page, testId: string): Promise<number> {
  return Number(await page.getByTestId(testId).getAttribute('data-value'));
}

test('/index is the city dashboard, fills from the demo fleet and counts a new alarm live', async ({ page }) => {
  test.setTimeout(120_000);
  const imei = await helmetImei();
  await loginWithAccount(page, 'demo', 'demo123');
  await expectShell(page);
  await expect(page).toHaveURL(/\/index$/);
  const dashboard = page.getByTestId('dashboard');
  await expect(dashboard).toHaveAttribute('data-scenario', 'city');
  // The demo fleet is online within a minute of the start.
  await expect.poll(() => valueOf(page, 'dash-figure-online'), { timeout: 60_000 }).toBeGreaterThan(0);
  expect(await valueOf(page, 'dash-figure-total')).toBeGreaterThanOrEqual(30);
  await expect(page.getByTestId('dash-map').getByTestId('map-host')).toBeVisible();
  await expect(page.getByTestId('dash-kinds').locator('canvas').first()).toBeVisible();

  const before = await valueOf(page, 'dash-figure-today');
  await sim('send', '--imei', imei, '--kind', 'fall');
  await expect.poll(() => valueOf(page, 'dash-figure-today'), { timeout: 20_000 }).toBeGreaterThan(before);
  await expect(page.getByTestId('dash-latest').getByTestId('dash-alarm').first()).toBeVisible();

  // A panel's data downloads as CSV.
  await page.getByTestId('dash-kinds-export').click();
  const download = page.waitForEvent('download');
  await page.getByTestId('dash-kinds-csv').click();
  expect((await download).suggestedFilename()).toMatch(/^dashboard-city-devices-\d{8}\.csv$/);
});

test('/index8 is the data wall: dark, no scrolling, live numbers', async ({ page }) => {
  test.setTimeout(120_000);
  // Another helmet than the test before: the service merges one device's repeated one-off alarms
  // within DEDUP_S (5 s), and the two falls could come that close.
  const imei = await deviceOf('helmet', 1);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signIn(page, 'demo', 'demo123');
  await page.goto('/index8');
  const wall = page.getByTestId('data-wall');
  await expect(wall).toHaveAttribute('data-layout', '1080');
  await expect.poll(() => valueOf(page, 'wall-figure-online'), { timeout: 60_000 }).toBeGreaterThan(0);
  const scroll = await page.evaluate(() => ({
    h: document.scrollingElement!.scrollHeight <= window.innerHeight + 1,
    bg: getComputedStyle(document.querySelector('[data-testid="data-wall"]')!).backgroundColor,
  }));
  expect(scroll.h).toBe(true);
  expect(scroll.bg).toBe('rgb(5, 11, 24)');

  const before = await valueOf(page, 'wall-figure-today');
  await sim('send', '--imei', imei, '--kind', 'fall');
  await expect.poll(() => valueOf(page, 'wall-figure-today'), { timeout: 20_000 }).toBeGreaterThan(before);

  await page.setViewportSize({ width: 3840, height: 2160 });
  await expect(wall).toHaveAttribute('data-layout', '2160');
  await expect(page.getByTestId('wall-rotating-2')).toBeVisible();
});

test.describe('a browser in New York', () => {
  // The tenant's clock is the service's TIME_ZONE (Asia/Shanghai by default), not the browser's.
  test.use({ timezoneId: 'America/New_York' });

  test('/map/index4personnel fills with the campus people and its date filter moves the period it counts', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const shanghaiToday = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Shanghai',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date());
    await signIn(page, 'demo', 'demo123');
    await page.goto('/map/index4personnel');
    const personnel = page.getByTestId('personnel');
    // The default period ends on the tenant's today, whatever the browser's date.
    await expect(personnel).toHaveAttribute('data-period', new RegExp(` ~ ${shanghaiToday}$`));
    expect(await valueOf(page, 'dash-figure-people')).toBeGreaterThan(0);
    expect(await valueOf(page, 'dash-figure-periodAttendance')).toBeGreaterThan(0);
    for (const chart of [
      'personnel-departments',
      'personnel-roles',
      'personnel-attendance',
      'personnel-alarm-types',
      'personnel-alarm-days',
    ]) {
      await expect(page.getByTestId(chart).locator('canvas').first()).toBeVisible();
    }
    // The 1st and 2nd of the month the picker opens on (the browser's month): the service counts
    // exactly those two days of the tenant.
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit' })
      .format(new Date())
      .slice(0, 7);
    await page.getByTestId('dash-range').click();
    const day = (n: number) =>
      page.getByRole('button', { name: new RegExp(`^${n} \\S+ ${month.slice(0, 4)}$`) }).first();
    await day(1).click();
    await day(2).click();
    await expect(personnel).toHaveAttribute('data-period', `${month}-01 ~ ${month}-02`);
  });
});
