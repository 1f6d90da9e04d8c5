import type { BrowserContext, Page } from '@playwright/test';
import { expect } from './fixtures';

// A push delivered to the page's service worker as the browser's push service would, and the
// notification it shows (phone-push.spec.ts), with what the browser did with it when it shows none.
//
// Nothing here reads the notifications while one is being shown. Chromium's getNotifications()
// keeps a stored notification only when the platform already lists it as on display or it was
// made after the read began, and deletes every other one from its database
// (content/browser/notifications/platform_notification_context_impl.cc,
// DoReadAllNotificationDataForServiceWorkerRegistration). A read that falls between the worker's
// showNotification and the display loses that notification for good: it stays on the screen, and
// every later read lists nothing. Polling getNotifications() while a push was being shown lost
// about one notification in thirty that way (the console never reads its notifications, so no
// phone is affected). So a test waits for the browser's own display log (DevTools "Background
// services", Notifications: "Notification displayed", its instance the tag, with title and body)
// and reads the notification only once it is on display.

interface Shown {
  title: string;
  body: string;
  tag: string;
  requireInteraction: boolean;
  icon: string;
  actions: { action: string; title: string }[];
}

/**
 * Delivers `payload` to the page's service worker as its push service would (DevTools protocol):
 * to the registration of the page's origin whose version is activated (a push reaches only an
 * active worker). The protocol's answer does not say whether the worker took the push, so the
 * session stays open and records, after the delivery, the browser's own logs (DevTools
 * "Background services"): the push's ("Push event dispatched", "Push event completed" with its
 * status) and the notifications' ("Notification displayed"), each change of the worker's running
 * status and its errors; a probe in the running worker records each `showNotification` it makes
 * and how that ended. `displayed` waits on the display log; `report` gives them all, for the
 * output of a test whose notification did not show.
 */
export async function deliverPush(page: Page, baseURL: string, payload: unknown): Promise<Delivered> {
  const cdp = await page.context().newCDPSession(page);
  const origin = new URL(baseURL).origin;
  const registrations = new Map<string, boolean>();
  const versions = new Map<string, { registrationId: string; status: string; runningStatus: string }>();
  const after: string[] = [];
  const displays: Display[] = [];
  let sentAt = 0;
  let found: (id: string) => void;
  const registrationId = new Promise<string>((resolve) => (found = resolve));
  const check = () => {
    for (const v of versions.values())
      if (v.status === 'activated' && registrations.get(v.registrationId) === false) found(v.registrationId);
  };
  const since = () => `+${Date.now() - sentAt} ms`;
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: rs }) => {
    for (const r of rs) if (r.scopeURL.startsWith(origin)) registrations.set(r.registrationId, r.isDeleted);
    check();
  });
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions: vs }) => {
    for (const v of vs) {
      versions.set(v.versionId, v);
      if (sentAt) after.push(`${since()}: version ${v.versionId} ${v.status}/${v.runningStatus}`);
    }
    check();
  });
  cdp.on('ServiceWorker.workerErrorReported', ({ errorMessage: e }) => {
    if (sentAt) after.push(`${since()}: error ${e.errorMessage} (${e.sourceURL}:${e.lineNumber})`);
  });
  cdp.on('BackgroundService.backgroundServiceEventReceived', ({ backgroundServiceEvent: e }) => {
    if (!sentAt || new URL(e.origin).origin !== origin) return;
    const meta = (key: string) => e.eventMetadata.find((m) => m.key === key)?.value;
    if (e.service === 'notifications') {
      after.push(`${since()}: ${e.eventName} ${e.instanceId}${meta('Body') ? ` "${meta('Body')}"` : ''}`);
      if (e.eventName !== 'Notification displayed') return;
      displays.push({ tag: e.instanceId, title: meta('Title') ?? '', body: meta('Body') ?? '' });
      return;
    }
    const status = meta('Status');
    after.push(`${since()}: ${e.eventName}${status ? ` (${status})` : ''}`);
  });
  for (const service of ['pushMessaging', 'notifications'] as const) {
    await cdp.send('BackgroundService.setRecording', { service, shouldRecord: true });
    await cdp.send('BackgroundService.startObserving', { service });
  }
  await cdp.send('ServiceWorker.enable');
  const id = await registrationId;
  const before = JSON.stringify([...versions.values()].map((v) => ({ ...v, routerRules: undefined })));
  const probed = await probeShows(page.context());
  sentAt = Date.now();
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: JSON.stringify(payload) });

  const report = async () =>
    `registration ${id}; versions ${before}; after the push: ${after.join('; ') || 'no change'}; ` +
    `the worker's showNotification: ${probed ? await shows(page.context()) : 'not probed (no running worker)'}`;
  const displayed = async (tag: string, body = '', timeout = 15_000): Promise<Display> => {
    const match = () => displays.find((d) => d.tag === tag && d.body.includes(body));
    try {
      await expect.poll(() => match() !== undefined, { timeout }).toBe(true);
    } catch {
      throw new Error(
        `no notification ${tag}${body ? ` saying "${body}"` : ''} on display ${timeout} ms after its push, delivered to ${await report()}`,
      );
    }
    return match()!;
  };
  return { displayed, report };
}

/** A notification as the browser's display log has it. */
interface Display {
  tag: string;
  title: string;
  body: string;
}

export interface Delivered {
  /**
   * The first notification of `tag` the browser put on display since the push whose body contains
   * `body` (any, when empty); fails after `timeout` with `report`.
   */
  displayed: (tag: string, body?: string, timeout?: number) => Promise<Display>;
  /** What the browser and the worker did since the push. */
  report: () => Promise<string>;
}

/**
 * Wraps the running worker's `registration.showNotification` to record each call and how it
 * ended (`self.__shows`); the worker's own code runs unchanged. False when no worker is running
 * (the browser may start another for the push, without the probe).
 */
const probeShows = (context: BrowserContext) =>
  context
    .serviceWorkers()
    .at(-1)
    ?.evaluate(() => {
      const sw = self as unknown as ServiceWorkerGlobalScope & { __shows?: string[] };
      if (sw.__shows) return true;
      const shows: string[] = (sw.__shows = []);
      const registration = sw.registration;
      const show = registration.showNotification.bind(registration);
      const start = Date.now();
      registration.showNotification = (title, options) => {
        const at = () => `+${Date.now() - start} ms`;
        const tag = options?.tag ?? 'no tag';
        shows.push(`${at()} called (${tag})`);
        return show(title, options).then(
          () => void shows.push(`${at()} resolved (${tag})`),
          (err: unknown) => {
            shows.push(`${at()} rejected (${tag}): ${String(err)}`);
            throw err;
          },
        );
      };
      return true;
    })
    .catch(() => false) ?? Promise.resolve(false);

/** What the probe recorded (`probeShows`), read in the running worker. */
const shows = (context: BrowserContext) =>
  context
    .serviceWorkers()
    .at(-1)
    ?.evaluate(() => (self as unknown as { __shows?: string[] }).__shows?.join(', ') || 'never called')
    .catch((err: unknown) => `unread (${String(err)})`) ?? 'unread (no running worker)';

/**
 * The notification of `tag` once the browser has it on display (with `body` in its text, when
 * given), read then and only then; fails with the push's `report` when it does not show.
 */
export async function expectShown(page: Page, tag: string, delivered: Delivered, body = ''): Promise<Shown> {
  await delivered.displayed(tag, body);
  const shown = await shownIn(page, tag);
  expect(shown, `the notification ${tag} on display`).toHaveLength(1);
  expect(shown[0]!.body).toContain(body);
  return shown[0]!;
}

/**
 * The notifications of `tag` the page's registration shows, read through the page: the browser
 * may stop an idle worker and start another for the next push, and a handle to the stopped one
 * reads nothing. Never while a notification is being shown (see the top of this file).
 */
export const shownIn = (page: Page, tag: string) =>
  page.evaluate(async (tag) => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications({ tag })).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      requireInteraction: n.requireInteraction,
      icon: n.icon,
      actions: [...((n as Notification & { actions?: { action: string; title: string }[] }).actions ?? [])].map(
        (a) => ({ action: a.action, title: a.title }),
      ),
    }));
  }, tag) as Promise<Shown[]>;
