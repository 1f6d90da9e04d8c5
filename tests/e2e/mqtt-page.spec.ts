import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { deviceOf, expectShell, sim, takeOpenAlarms, signIn } from './helpers';

// The critical alarms these tests raise are taken after each, so none escalates into the next test.
test.afterEach(({ request }) => takeOpenAlarms(request));

// The installer's broker page (/mqtt) against the e2e service's embedded broker and the in-process
// demo fleet. States are read from test ids and data attributes, the broker's own words (mqtt.js's
// English reason) from the text, so the run does not depend on the interface language.
test.describe.configure({ mode: 'serial' });

async function loginAsDemo(page: Page): Promise<{ id: number; token: string }> {
  await signIn(page, 'demo');
  await page.goto('/DeviceList');
  await expectShell(page);
  return page.evaluate(() => ({
    id: (JSON.parse(localStorage.getItem('usinfo')!) as { id: number }).id,
    token: localStorage.getItem('token')!,
  }));
}

const state = (page: Page) => page.getByTestId('mqtt-state');
const subscription = (page: Page, filter: string) => page.locator(`[data-testid="mqtt-sub"][data-filter="${filter}"]`);
const entriesOf = (page: Page, topic: string) => page.locator(`[data-testid="mqtt-log-entry"][data-topic="${topic}"]`);

async function subscribe(page: Page, filter: string): Promise<void> {
  await page.getByTestId('mqtt-filter').fill(filter);
  await page.getByTestId('mqtt-subscribe-button').click();
}

async function publish(page: Page, topic: string, payload: string, qos: 0 | 1 = 0): Promise<void> {
  await page.getByTestId('mqtt-pub-topic').fill(topic);
  await page.getByTestId('mqtt-pub-payload').fill(payload);
  await page.getByTestId('mqtt-pub-qos').getByText(`QoS ${qos}`).click();
  await page.getByTestId('mqtt-publish-button').click();
}

async function connectWithSession(page: Page): Promise<void> {
  await page.goto('/mqtt');
  await expect(page.getByTestId('mqtt-url')).toHaveValue(/\/mqtt$/);
  await page.getByTestId('mqtt-use-session').click();
  // mqtt.js loads on the first connect.
  await expect(state(page)).toHaveAttribute('data-state', 'connected', { timeout: 20_000 });
}

test('opens without a session, checks the forms, and shows the broker refusing a bad password', async ({ page }) => {
  await page.goto('/mqtt');
  await expect(page.getByTestId('mqtt-page')).toBeVisible();
  await expect(page).toHaveURL(/\/mqtt$/);
  const origin = new URL(page.url()).host;
  await expect(page.getByTestId('mqtt-url')).toHaveValue(`ws://${origin}/mqtt`);
  await expect(page.getByTestId('mqtt-use-session')).toBeDisabled();
  await expect(state(page)).toHaveAttribute('data-state', 'idle');

  await subscribe(page, 'a/#/b');
  await expect(page.getByTestId('mqtt-filter')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('mqtt-sub')).toHaveCount(0);

  await page.getByTestId('mqtt-username').fill('1');
  await page.getByTestId('mqtt-password').fill('not-a-session-token');
  await page.getByTestId('mqtt-connect-button').click();
  await expect(state(page)).toHaveAttribute('data-state', 'error', { timeout: 20_000 });
  const problem = page.getByTestId('mqtt-problem');
  await expect(problem).toHaveAttribute('data-kind', 'refused');
  await expect(problem).toContainText('Bad username or password');
});

test("with the session: the user's own topic gets the service's pushes, and a door unit answers an unlock", async ({
  page,
}) => {
  const { id } = await loginAsDemo(page);
  await connectWithSession(page);
  const own = `acm/${id}/web`;
  // The page suggests the logged-in user's own topic.
  await expect(page.getByTestId('mqtt-filter')).toHaveValue(own);
  await page.getByTestId('mqtt-subscribe-button').click();
  await expect(subscription(page, own)).toHaveAttribute('data-state', 'granted');

  const helmet = await deviceOf('helmet');
  await sim('send', '--imei', helmet, '--kind', 'sos');
  const push = entriesOf(page, own).first();
  await expect(push).toBeVisible({ timeout: 15_000 });
  await expect(push).toHaveAttribute('data-kind', 'json');
  await expect(push.getByTestId('mqtt-log-payload')).toContainText(helmet);

  const door = await deviceOf('doorUnit');
  const answers = `sfwatch/${door}/client`;
  await subscribe(page, answers);
  await expect(subscription(page, answers)).toHaveAttribute('data-state', 'granted');
  await publish(page, `sfwatch/${door}/server`, JSON.stringify({ code: '5082', imei: door, userId: id }));
  await expect(page.getByTestId('mqtt-pub-result')).toHaveAttribute('data-state', 'sent');
  const unlocked = entriesOf(page, answers).first();
  await expect(unlocked).toBeVisible({ timeout: 15_000 });
  await expect(unlocked.getByTestId('mqtt-log-payload')).toContainText('"code": "5091"');
  await expect(state(page)).toHaveAttribute('data-state', 'connected');

  // The filter narrows the log, and the export holds what is shown.
  await page.getByTestId('mqtt-log-filter').fill('5091');
  await expect(entriesOf(page, own)).toHaveCount(0);
  await expect(entriesOf(page, answers).first()).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByTestId('mqtt-log-export').click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  expect(csv).toContain('time,topic,qos,retained,format,bytes,payload');
  expect(csv).toContain(answers);
  expect(csv).not.toContain(own);

  await page.getByTestId('mqtt-unsubscribe').first().click();
  await expect(subscription(page, own)).toHaveCount(0);
});

test("the broker's refusals show: another user's topic, and a publication a console may not make", async ({ page }) => {
  const { id } = await loginAsDemo(page);
  await connectWithSession(page);
  const other = `acm/${id + 1000}/web`;
  await subscribe(page, other);
  await expect(subscription(page, other)).toHaveAttribute('data-state', 'refused');
  await expect(page.getByTestId('mqtt-sub-refused')).toContainText('128');

  await publish(page, `acm/${id}/web`, 'hello');
  await expect(page.getByTestId('mqtt-problem')).toHaveAttribute('data-kind', 'publishRefused', { timeout: 20_000 });
  await expect(page.getByTestId('mqtt-pub-result')).toHaveAttribute('data-state', 'refused');
  await expect(state(page)).toHaveAttribute('data-state', 'error');
});

test("an installer's device credentials: the device's own downlink, and an acknowledged uplink", async ({ page }) => {
  const { token } = await loginAsDemo(page);
  const helmet = await deviceOf('helmet');
  const answer = await page.request.post('/api/device/device/secrets', {
    data: { imeis: [helmet] },
    headers: { authorization: token },
  });
  const secret = ((await answer.json()) as { data: { rows: { imei: string; secret: string }[] } }).data.rows.find(
    (r) => r.imei === helmet,
  )!.secret;

  await page.goto('/mqtt');
  await expect(page.getByTestId('mqtt-url')).toHaveValue(/\/mqtt$/);
  await page.getByTestId('mqtt-username').fill(helmet);
  await page.getByTestId('mqtt-password').fill(secret);
  await page.getByTestId('mqtt-connect-button').click();
  await expect(state(page)).toHaveAttribute('data-state', 'connected', { timeout: 20_000 });

  await subscribe(page, `sfwatch/${helmet}/server`);
  await expect(subscription(page, `sfwatch/${helmet}/server`)).toHaveAttribute('data-state', 'granted');
  await publish(page, `sfwatch/${helmet}/up`, JSON.stringify({ kind: 'status', online: true }), 1);
  await expect(page.getByTestId('mqtt-pub-result')).toHaveAttribute('data-state', 'acked', { timeout: 20_000 });
  await expect(state(page)).toHaveAttribute('data-state', 'connected');
});
