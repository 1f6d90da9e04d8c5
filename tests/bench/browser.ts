import type { Page } from '@playwright/test';

/** Signs `page` in as the demo site's administrator through the login screen at `base`. */
export async function loginAsDemo(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/login`);
  const form = page.getByTestId('account-login');
  await form.getByRole('textbox').first().fill('demo');
  await form.locator('input[type="password"]').fill('demo123');
  await form.getByRole('button').last().click();
  await page.waitForURL((u) => !u.pathname.includes('/login'));
}
