import { expect, test } from './fixtures';
import { expectShell, lastSmsCode, loginWithAccount } from './helpers';

test('account login lands on the first menu entry and keeps the session keys', async ({ page }) => {
  await loginWithAccount(page, 'demo', 'demo123');
  await expectShell(page);
  await expect(page).toHaveURL(/\/index$/);
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('token'),
    usinfo: JSON.parse(localStorage.getItem('usinfo') ?? 'null') as { id: number; username: string } | null,
    menu: JSON.parse(localStorage.getItem('menu') ?? '[]') as unknown[],
  }));
  expect(stored.token).toBeTruthy();
  expect(stored.usinfo?.username).toBe('demo');
  expect(stored.menu.length).toBeGreaterThan(5);
});

test('a wrong password is refused with a message and no session', async ({ page }) => {
  await loginWithAccount(page, 'demo', 'wrong-password');
  await expect(page.getByText('账号或密码错误')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('empty fields show their messages and send nothing', async ({ page }) => {
  let calls = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/auth/auth/login')) calls += 1;
  });
  await page.goto('/login');
  await page.getByTestId('account-login').getByRole('button').last().click();
  await expect(page.getByText('账号不能为空')).toBeVisible();
  await expect(page.getByText('密码不能为空')).toBeVisible();
  expect(calls).toBe(0);
});

test('phone login with an SMS code', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('tab', { name: '手机登录' }).click();
  const form = page.getByTestId('phone-login');
  await form.getByRole('textbox').first().fill('13800000000');
  await form.getByTestId('send-sms').click();
  await expect.poll(() => lastSmsCode('13800000000'), { timeout: 20_000 }).not.toBeNull();
  await form.getByRole('textbox').nth(1).fill(lastSmsCode('13800000000')!);
  await form.getByRole('button', { name: '登录' }).click();
  await expectShell(page);
  const user = await page.evaluate(() => JSON.parse(localStorage.getItem('usinfo') ?? 'null') as { username: string });
  expect(user.username).toBe('demo');
});

test('visitor login needs no credentials and is a read-only guest', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('visitor-login').click();
  await expectShell(page);
  const user = await page.evaluate(
    () => JSON.parse(localStorage.getItem('usinfo') ?? 'null') as { kind: string; marks: string[] },
  );
  expect(user.kind).toBe('visitor');
  expect(user.marks).toEqual([]);
});

test('on a slow network the login leaves for a loader at once, and the screen comes with its data', async ({
  page,
}) => {
  // The landing dashboard's summary held back 27 s from its request, as on a construction site's
  // network (the console's requests give up at 30 s): a loader shows long before it, never the
  // login page with a button that seems to do nothing.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let requested!: () => void;
  const asked = new Promise<void>((resolve) => (requested = resolve));
  await page.route('**/api/device/dashboard/summary', async (route) => {
    requested();
    await Promise.race([held, new Promise((r) => setTimeout(r, 27_000))]);
    await route.continue();
  });
  await loginWithAccount(page, 'demo', 'demo123');
  // The login itself may take long on a loaded machine; the claim starts at the screen's request.
  await asked;
  await expect(page.getByTestId('route-pending')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('account-login')).toBeHidden();
  release();
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await expect(page.getByTestId('route-pending')).toHaveCount(0);
});
