import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { readFileSync } from 'node:fs';
import { expectShell, loginWithAccount, signIn } from './helpers';

// One run creates a department, a role with two menus and a user holding both, then logs in as that user.
const stamp = Date.now().toString(36);
const department = `E2E部门${stamp}`;
const role = `E2E角色${stamp}`;
const username = `e2e${stamp}`;
const password = 'e2e-pass-1';

async function pick(page: Page, input: Locator, option: string): Promise<void> {
  await input.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function openForm(page: Page): Promise<Locator> {
  await page.getByTestId('resource-add').click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  return drawer;
}

async function submit(drawer: Locator): Promise<void> {
  await drawer.getByTestId('form-submit').click();
  await expect(drawer).toBeHidden();
}

test.describe.configure({ mode: 'serial' });

test('a user created in the UI sees exactly the menus their role grants; the user list exports as CSV', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'demo');

  // Department
  await page.goto('/departmentManagement');
  let drawer = await openForm(page);
  await drawer.getByLabel(/^名称/).fill(department);
  await submit(drawer);
  await expect(page.getByRole('row', { name: new RegExp(department) })).toBeVisible();

  // Role with two menus (their directories come along)
  await page.goto('/roleList');
  drawer = await openForm(page);
  await drawer.getByLabel(/^角色名称/).fill(role);
  await submit(drawer);
  const roleRow = page.getByRole('row', { name: new RegExp(role) });
  await expect(roleRow).toBeVisible();
  await roleRow.getByTestId('row-assignResources').click();
  const grant = page.getByRole('dialog');
  await expect(grant.getByTestId('grant-tree')).toBeVisible();
  await grant.getByRole('checkbox', { name: '设备列表', exact: true }).first().check();
  await grant.getByRole('checkbox', { name: '报警列表', exact: true }).first().check();
  await grant.getByTestId('grant-save').click();
  await expect(grant).toBeHidden();

  // User with that role and department
  await page.goto('/userList');
  drawer = await openForm(page);
  await drawer.getByLabel(/^用户名/).fill(username);
  await drawer.getByLabel(/^密码/).fill(password);
  await drawer.getByLabel(/^姓名/).fill(`E2E用户${stamp}`);
  await pick(page, drawer.getByRole('combobox', { name: /^部门/ }), department);
  await pick(page, drawer.getByRole('combobox', { name: /^角色/ }), role);
  await page.keyboard.press('Escape');
  await pick(page, drawer.getByRole('combobox', { name: /^状态/ }), '启用');
  await submit(drawer);
  await expect(page.getByRole('row', { name: new RegExp(username) })).toBeVisible();

  // Log out, log in as the new user: exactly the two granted menus
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await page.getByTestId('confirm-logout').click();
  await expect(page).toHaveURL(/\/login/);
  await loginWithAccount(page, username, password);
  await expectShell(page);
  const menu = page.getByTestId('side-menu');
  for (const dir of await menu.locator('[data-nav-dir]').all()) {
    if ((await dir.getAttribute('data-expanded')) === null) await dir.click();
  }
  await expect(menu.locator('[data-nav-value]')).toHaveCount(2);
  const values = await menu
    .locator('[data-nav-value]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-nav-value')));
  expect(values.sort()).toEqual(['DeviceList', 'alarmList']);

  // Back as demo: export the user list as CSV and find the new user in the file
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await page.getByTestId('confirm-logout').click();
  // The logout finishes (its request, then /login) before the next session is put in place.
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, 'demo', 'demo123');
  await page.goto('/userList');
  await expect(page.getByRole('row', { name: new RegExp(username) })).toBeVisible();
  await page.getByTestId('resource-export').click();
  const download = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const file = await (await download).path();
  const csv = readFileSync(file, 'utf8');
  const line = csv.split(/\r?\n/).find((l) => l.includes(username));
  expect(line).toBeDefined();
  expect(line).toContain(`E2E用户${stamp}`);
});
