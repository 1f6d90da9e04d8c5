import { expect, test } from './fixtures';
import { expectShell, loginWithAccount } from './helpers';

test('without a token every console path goes to /login', async ({ page }) => {
  for (const path of ['/', '/DeviceList', '/map/alarmList', '/userList']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('with a token /login goes to the console root', async ({ page }) => {
  await loginWithAccount(page, 'demo', 'demo123');
  await expectShell(page);
  await page.goto('/login');
  await expectShell(page);
});

test('a route outside the menu is refused, an always-allowed one opens', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('visitor-login').click();
  await expectShell(page);
  // The visitor role has no organisation menus.
  await page.goto('/userList');
  await expect(page.getByTestId('no-permission')).toBeVisible();
  await page.goto('/AlarmHistory');
  await expect(page.getByTestId('no-permission')).toHaveCount(0);
  await expect(page.getByTestId('side-menu')).toBeVisible();
});

test('clicking a menu entry navigates to / + uri', async ({ page }) => {
  await loginWithAccount(page, 'demo', 'demo123');
  await expectShell(page);
  const menu = page.getByTestId('side-menu');
  await menu.getByText('组织权限').click();
  await menu.getByText('用户管理').click();
  await expect(page).toHaveURL(/\/userList$/);
});

test('code 208 anywhere clears the session and returns to login', async ({ page }) => {
  await loginWithAccount(page, 'demo', 'demo123');
  await expectShell(page);
  // Revoke the session behind the console's back, then make it call the service.
  await page.evaluate(async () => {
    await fetch('/api/auth/auth/logout', {
      method: 'POST',
      headers: { Authorization: localStorage.getItem('token') ?? '' },
    });
  });
  await page.evaluate(() => localStorage.removeItem('menu'));
  await page.goto('/DeviceList');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('usinfo'))).toBeNull();
});
