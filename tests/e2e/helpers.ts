import { expect, type Page } from '@playwright/test';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

/** The e2e service's private folder (scripts/e2e-server.mjs): data/ and static/. */
export const workDir = (): string => process.env.E2E_WORK ?? '';

export async function loginWithAccount(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  const form = page.getByTestId('account-login');
  await form.getByRole('textbox').first().fill(username);
  await form.locator('input[type="password"]').fill(password);
  await form.getByRole('button').last().click();
}

/** Waits until the admin shell is on screen (side menu rendered from the navigation bar). */
export async function expectShell(page: Page): Promise<void> {
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByTestId('side-menu')).toBeVisible();
}

/** The local SMS provider appends each message to DATA_DIR/sms-outbox.log. */
export function lastSmsCode(phone: string): string | null {
  const file = join(workDir(), 'data', 'sms-outbox.log');
  if (!existsSync(file)) return null;
  const lines = readFileSync(file, 'utf8').trim().split('\n').filter((l) => l.includes(phone));
  const match = lines.at(-1)?.match(/(\d{6})/g);
  return match?.at(-1) ?? null;
}

export async function waitForServiceWorker(page: Page): Promise<void> {
  // A synchronous predicate: waitForFunction would treat an async one's promise as truthy.
  // The controller is set once the worker has installed (precache complete) and claimed the page.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
}
