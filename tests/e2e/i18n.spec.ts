import { expect, test } from './fixtures';
import { expectShell, loginWithAccount } from './helpers';

test('Arabic switches the document to right-to-left and is kept under lang', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('language-picker').click();
  await page.locator('[data-lang="ar"]').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('ar');
  // No Chinese source text is left on the login card.
  await expect(page.getByRole('tab', { name: '账号登录' })).toHaveCount(0);

  // The choice survives a reload and carries into the console.
  await loginWithAccount(page, 'demo', 'demo123');
  await expectShell(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const menuBox = await page.getByTestId('side-menu').boundingBox();
  const viewport = page.viewportSize();
  expect(menuBox && viewport && menuBox.x > viewport.width / 2).toBe(true);
});

test('each of the seven languages can be chosen', async ({ page }) => {
  await page.goto('/login');
  for (const lang of ['en', 'es', 'fr', 'de', 'ru', 'ar', 'cn']) {
    await page.getByTestId('language-picker').click();
    await page.locator(`[data-lang="${lang}"]`).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('lang'))).toBe(lang);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
  }
  await expect(page.getByRole('tab', { name: '账号登录' })).toBeVisible();
});
