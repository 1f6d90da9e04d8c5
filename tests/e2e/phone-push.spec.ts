import type { BrowserContext, Page, Route, Worker } from '@playwright/test';
import type { PhoneAlarmPush } from '../../src/shared/alarms/phone-push';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { expect, test } from './fixtures';
import {
  api,
  deviceOf,
  expectShell,
  sim,
  signIn,
  sosAlarms,
  takeOpenAlarms,
  tokenOf,
  waitForServiceWorker,
} from './helpers';
import { deliverPush, expectShown, shownIn } from './push-delivery';

// The phone's side of Web Push (docs/alarms.md "Push to phones", sw/phone-push.ts) in a real
// Chromium: a push delivered to the service worker through the DevTools protocol, as the browser's
// push service would; its notification; Acknowledge while offline, queued and sent once the
// network is back; a tap that opens the alarm in the console.
test.describe.configure({ mode: 'serial' });
// Offline reloads and pushes go through the service worker (playwright.config.ts blocks it elsewhere).
// The full Chromium, not the run's headless shell (tests/chromium.ts): the shell shows no
// notifications, and what a pushed alarm shows on the phone is this spec's question.
test.use({ serviceWorkers: 'allow', launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } });
test.afterEach(({ request }) => takeOpenAlarms(request));

async function consoleWithWorker(page: Page, context: BrowserContext, baseURL: string): Promise<void> {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await signIn(page, 'demo');
  await page.goto('/DeviceList');
  await expectShell(page);
  await waitForServiceWorker(page);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  // What the worker says, and when the browser stops it, in the test's output: a push that shows
  // nothing leaves its reason there.
  const watch = (w: Worker) => {
    w.on('console', (m) => console.log(`[service worker] ${m.type()}: ${m.text()}`));
    w.on('close', () => console.log('[service worker] stopped by the browser'));
  };
  watch(worker);
  context.on('serviceworker', watch);
}

/**
 * A click on the notification of `tag` (its `action`, or its body), dispatched in the running
 * worker. A script-made event's own `waitUntil` throws (only the browser's events may extend the
 * worker's work), so this one collects what the worker's handler hands to it, and the click
 * resolves once that has settled, with how each ended ("fulfilled: queued", "rejected: ...").
 */
const click = (context: BrowserContext, tag: string, action = '') =>
  context
    .serviceWorkers()
    .at(-1)!
    .evaluate(
      async ({ tag, action }) => {
        const sw = self as unknown as ServiceWorkerGlobalScope;
        const [notification] = await sw.registration.getNotifications({ tag });
        if (!notification) throw new Error(`no notification ${tag}`);
        const event = new NotificationEvent('notificationclick', { notification, action });
        const work: Promise<unknown>[] = [];
        Object.defineProperty(event, 'waitUntil', { value: (p: Promise<unknown>) => void work.push(p) });
        sw.dispatchEvent(event);
        return (await Promise.allSettled(work)).map((r) =>
          r.status === 'fulfilled' ? `fulfilled: ${String(r.value)}` : `rejected: ${String(r.reason)}`,
        );
      },
      { tag, action },
    );

/** The acknowledges the worker keeps for later (sw/phone-push.ts idbStore). */
const queuedIn = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('phone-push');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('kv').objectStore('kv').get('ackQueue');
          get.onsuccess = () => resolve(((get.result as unknown[] | undefined) ?? []).length);
          get.onerror = () => reject(get.error);
        };
      }),
  );

/** A fresh SOS of a demo helmet, as the alarm log has it. */
async function raiseSos(
  request: Parameters<typeof tokenOf>[0],
): Promise<{ row: Record<string, unknown>; imei: string }> {
  const token = await tokenOf(request, 'demo');
  const imei = await deviceOf('helmet');
  const before = Date.now() - 1000;
  await sim('send', '--imei', imei, '--kind', 'sos');
  let row: Record<string, unknown> | undefined;
  await expect
    .poll(
      async () => {
        row = (await sosAlarms(request, token, imei)).find((r) => Date.parse(String(r.createdAt)) >= before);
        return Boolean(row);
      },
      { timeout: 20_000, message: 'the SOS in the alarm log' },
    )
    .toBe(true);
  return { row: row!, imei };
}

function payloadOf(row: Record<string, unknown>, ack: string | null): PhoneAlarmPush {
  const id = Number(row.id);
  return {
    v: 1,
    kind: 'alarm',
    push: 'sos',
    alarmId: id,
    type: 15,
    level: 3,
    sos: true,
    title: 'SOS紧急求救',
    device: String(row.deviceName ?? row.imei),
    person: (row.personName as string | null) ?? null,
    place: (row.location as string | null) ?? '阳光花园',
    lat: null,
    lon: null,
    at: String(row.ts ?? row.createdAt),
    timeZone: 'Asia/Shanghai',
    tag: `alarm-${id}`,
    ack,
  };
}

test('a pushed SOS shows on the phone; its Acknowledge offline waits in the queue and takes the alarm once online', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await consoleWithWorker(page, context, baseURL!);
  const { row, imei } = await raiseSos(request);
  const alarmId = Number(row.id);
  const tag = `alarm-${alarmId}`;

  // The ack link is signed by the service (src/server/notify/ack-link.ts), which the test cannot
  // do: the link's route is stood in for here, and takes the alarm through the console's own
  // alarm/ack as the real route does (its answers are tested in tests/server). While `offline`,
  // it fails as a phone without network does, whether or not the emulation reaches the worker.
  const token = await tokenOf(request, 'demo');
  let offline = false;
  const posted: { method: string; accept: string | undefined }[] = [];
  await context.route('**/api/ack/**', async (route) => {
    if (offline) return route.abort('internetdisconnected');
    posted.push({ method: route.request().method(), accept: route.request().headers().accept });
    const taken = await api(request, token, 'device/alarm/ack', { ids: [alarmId] });
    await route.fulfill({ status: taken.code === 0 ? 200 : 409, contentType: 'text/html', body: '' });
  });

  // A phone whose network took the push but stalls on anything more: the icon's URL never
  // answers. The browser holds a notification until its images load (up to 90 s in Chromium), so
  // the SOS shows in time only with the worker's own copy of the icon (sw/phone-push.ts).
  const stalled: Route[] = [];
  await context.route('**/icons/icon-192.png', (route) => void stalled.push(route));

  const delivered = await deliverPush(page, baseURL!, payloadOf(row, `/api/ack/e2e-${alarmId}`));
  const shown = await expectShown(page, tag, delivered);
  expect(shown.icon).toMatch(/^data:image\/png;base64,/);
  await context.unroute('**/icons/icon-192.png');
  for (const route of stalled) await route.abort().catch(() => undefined);
  expect(shown.title).toBe('SOS紧急求救');
  expect(shown.body).toContain(String(row.deviceName ?? imei));
  expect(shown.requireInteraction).toBe(true);
  expect(shown.actions.map((a) => a.action)).toEqual(['ack', 'open']);
  expect(shown.actions[0]!.title).toBe('我来处理');

  offline = true;
  await context.setOffline(true);
  // The worker's handler has queued the acknowledge and shown that it waits when the click resolves.
  expect(await click(context, tag, 'ack')).toEqual(['fulfilled: queued']);
  expect(await queuedIn(page)).toBe(1);
  expect((await expectShown(page, tag, delivered, '联网后自动确认')).requireInteraction).toBe(false);
  expect(posted).toEqual([]);

  // Back online: the page tells the worker (its `online` event), the worker sends the queue.
  offline = false;
  await context.setOffline(false);
  await expect.poll(() => queuedIn(page), { timeout: 20_000 }).toBe(0);
  expect(posted).toEqual([{ method: 'POST', accept: 'application/json' }]);
  await expectShown(page, tag, delivered, '已确认');
  expect((await sosAlarms(request, token, imei, 5)).find((r) => r.id === alarmId)?.ackedAt).toBeTruthy();
});

test("a tap on a pushed SOS opens the console's SOS dialog for it, in an open console or from its URL", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await consoleWithWorker(page, context, baseURL!);
  const { row, imei } = await raiseSos(request);
  const alarmId = Number(row.id);
  const tag = `alarm-${alarmId}`;
  // The live SOS dialog of the console itself: closed, as after a look at it.
  const close = page.getByTestId('sos-close');
  await close.click({ timeout: 20_000 }).catch(() => undefined);
  await expect(page.getByTestId('sos-dialog')).toBeHidden();

  const shown = await expectShown(page, tag, await deliverPush(page, baseURL!, payloadOf(row, null)));
  // No ack link: only Open.
  expect(shown.actions.map((a) => a.action)).toEqual(['open']);
  expect(await click(context, tag)).toEqual(['fulfilled: undefined']);
  await expect(page.getByTestId('sos-imei')).toHaveText(imei, { timeout: 15_000 });
  await expect.poll(async () => (await shownIn(page, tag)).length).toBe(0);

  // A console started by the notification (no window was open): /?alarm=<id>.
  const fresh = await context.newPage();
  await fresh.goto(`/?alarm=${alarmId}`);
  await expect(fresh.getByTestId('sos-imei')).toHaveText(imei, { timeout: 20_000 });
  await expect(fresh).not.toHaveURL(/alarm=/);
  await fresh.close();
});

test('the phone notifications settings ask permission only on Enable and say when the push service is unreachable', async ({
  page,
  context,
  baseURL,
}) => {
  await consoleWithWorker(page, context, baseURL!);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-phone-push').click();
  const modal = page.getByTestId('phone-push-modal');
  await expect(modal.getByTestId('push-state')).toHaveAttribute('data-state', 'off');
  await expect(modal.getByTestId('push-kind-sos')).toBeChecked();
  // This Chromium has no push service to reach (no Google services, no network out): subscribing
  // fails, and says so; the browser keeps no subscription.
  await modal.getByTestId('push-enable').click();
  await expect(modal.getByTestId('push-error')).toContainText('推送服务', { timeout: 20_000 });
  await expect(modal.getByTestId('push-state')).toHaveAttribute('data-state', 'off');
  await page.keyboard.press('Escape');

  // On a phone's width the header shows the state too, and opens the same settings.
  await page.setViewportSize({ width: 390, height: 844 });
  const bell = page.getByTestId('push-status');
  await expect(bell).toBeVisible();
  await expect(bell).toHaveAttribute('data-state', 'off');
  await bell.click();
  await expect(page.getByTestId('phone-push-modal').getByTestId('push-state')).toBeVisible();
});
