import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './helpers';

// What an operator sees at 1366x860 with the side menu open: the wide lists start with a
// column set that fits, so the pinned action column covers no data column, and their state and time
// columns are on screen; chart legends sit clear of the plots; the data wall's people panel is as
// tall as what it shows.
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1366, height: 860 } });

const LISTS: { path: string; state: RegExp; time: RegExp }[] = [
  { path: '/DeviceList', state: /设备状态/, time: /最后通讯时间/ },
  { path: '/AlarmHistory', state: /处理状态/, time: /报警时间/ },
  { path: '/SIMCard', state: /状态/, time: /套餐到期时间/ },
  { path: '/DeviceSim', state: /状态/, time: /套餐到期时间/ },
  { path: '/Bill', state: /状态/, time: /支付时间/ },
];

interface Measure {
  frame: number;
  table: number;
  /** The sum of the columns' declared widths (the table's min-width). */
  declared: number;
  /** Scroll containers inside the list that scroll sideways. */
  scrolling: number;
  overflows: string | null;
  rows: number;
  clippedActions: number;
  headers: string[];
}

async function measure(page: Page): Promise<Measure> {
  return page.getByTestId('data-table').evaluate((table) => {
    const frame = table.closest('[data-overflows]') as HTMLElement;
    const actionCells = [...table.querySelectorAll('tbody tr')].map((tr) => tr.lastElementChild as HTMLElement);
    return {
      frame: frame.clientWidth,
      table: (table as HTMLElement).offsetWidth,
      declared: parseFloat(getComputedStyle(table).minWidth),
      scrolling: [frame, ...frame.querySelectorAll('div')].filter(
        (d) => d.scrollWidth > d.clientWidth + 1 && getComputedStyle(d).overflowX !== 'visible',
      ).length,
      overflows: frame.getAttribute('data-overflows'),
      rows: table.querySelectorAll('tbody tr').length,
      // An action cell whose buttons are wider than the cell (cut by the cell's overflow).
      clippedActions: actionCells.filter((td) => td.scrollWidth > td.clientWidth + 1).length,
      headers: [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? ''),
    };
  });
}

test('the wide lists fit 1366 px with the menu open and show their state and time columns', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'demo');
  for (const list of LISTS) {
    await page.goto(list.path);
    const table = page.getByTestId('data-table');
    await expect(table).toBeVisible();
    // Rows where the demo has them (the action column is sized from the rows' buttons).
    await expect.poll(async () => (await measure(page)).rows, { timeout: 30_000 }).toBeGreaterThan(0);
    const m = await measure(page);
    console.log(
      `${list.path}: columns ${m.declared}px declared, table ${m.table}px in ${m.frame}px, ${m.rows} rows, columns: ${m.headers.filter(Boolean).join(' | ')}`,
    );
    expect(m.overflows, list.path).toBe('no');
    expect(m.table, list.path).toBeLessThanOrEqual(m.frame);
    expect(m.scrolling, `${list.path}: sideways scrolling`).toBe(0);
    expect(m.clippedActions, `${list.path}: action cells cut`).toBe(0);
    await expect(table.getByRole('columnheader', { name: list.state }).first()).toBeVisible();
    await expect(table.getByRole('columnheader', { name: list.time })).toBeVisible();
    await expect(page.getByTestId('column-settings')).toBeVisible();
  }
});

test('/index8: the people panel is sized to its content, the devices panel takes the rest', async ({
  page,
}, testInfo) => {
  await signIn(page, 'demo');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/index8');
  const people = page.getByTestId('wall-figures');
  await expect(people).toBeVisible();
  await expect(page.getByTestId('wall-devices').locator('canvas').first()).toBeVisible();
  const sizes = await page.evaluate(() => {
    const box = (id: string) => document.querySelector(`[data-testid="${id}"]`)!.getBoundingClientRect();
    const panel = document.querySelector('[data-testid="wall-figures"]') as HTMLElement;
    const content = [...panel.children].reduce((sum, c) => sum + c.getBoundingClientRect().height, 0);
    return {
      people: box('wall-figures').height,
      devices: box('wall-devices').height,
      content,
      chart:
        box('wall-devices').bottom -
        document.querySelector('[data-testid="wall-devices"] canvas')!.getBoundingClientRect().bottom,
    };
  });
  console.log(
    `/index8 at 1920x1080: people panel ${Math.round(sizes.people)}px for ${Math.round(sizes.content)}px of content, devices panel ${Math.round(sizes.devices)}px, ${Math.round(sizes.chart)}px under its chart`,
  );
  // Panel padding (2 x 12 px) and borders aside, no empty band.
  expect(sizes.people - sizes.content).toBeLessThan(40);
  expect(sizes.devices).toBeGreaterThan(sizes.people);
  // The kinds chart fills the devices panel down to its padding.
  expect(sizes.chart).toBeLessThan(30);
  const shot = testInfo.outputPath('index8.png');
  await page.screenshot({ path: shot });
  await testInfo.attach('index8', { path: shot, contentType: 'image/png' });
});

test('chart screens at 1366 px draw their charts (screenshots attached for the legends)', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, 'demo');
  for (const path of ['/Report', '/MallData', '/map/alarmTongji']) {
    await page.goto(path);
    await expect(page.locator('canvas').first()).toBeVisible({ timeout: 30_000 });
    await page.waitForTimeout(1500); // the charts' entry animation
    const shot = testInfo.outputPath(`${path.replaceAll('/', '_')}.png`);
    await page.screenshot({ path: shot, fullPage: true });
    await testInfo.attach(path, { path: shot, contentType: 'image/png' });
  }
});
