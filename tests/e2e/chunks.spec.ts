import { expect, test } from './fixtures';
import { expectShell, signIn } from './helpers';

// The service worker would answer from its precache; this test is about the network failing.
test.use({ serviceWorkers: 'block' });

test('a screen whose script is gone offers a reload, and the reload brings the screen', async ({ page }) => {
  await signIn(page, 'demo');
  await page.goto('/DeviceList');
  await expectShell(page);
  // The user list is its own chunk; answer it as a server does after a deploy replaced it.
  const chunk = /\/assets\/UserScreen-[\w-]+\.js$/;
  await page.route(chunk, (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto('/userList');
  await expect(page.getByTestId('chunk-error')).toBeVisible();
  await expect(page.getByTestId('resource-user')).toHaveCount(0);

  await page.unroute(chunk);
  await page.getByTestId('chunk-reload').click();
  await expect(page.getByTestId('resource-user')).toBeVisible();
});
