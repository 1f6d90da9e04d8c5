import type { BrowserContext, Page } from '@playwright/test';
import { expect } from './fixtures';

// A push delivered to the page's service worker as the browser's push service would, and the
// notification it shows (phone-push.spec.ts), with what the browser did with it when it shows none.

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
 * session stays open and records, after the delivery, the browser's own push log (DevTools
 * "Background services": "Push event dispatched", "Push event completed" with its status), each
 * change of the worker's running status and its errors; a probe in the running worker records
 * each `showNotification` it makes and how that ended. `report` gives them all, for the output of
 * a test whose push showed nothing.
 */
export async function deliverPush(page: Page, baseURL: string, payload: unknown): Promise<Delivered> {
  const cdp = await page.context().newCDPSession(page);
  const origin = new URL(baseURL).origin;
  const registrations = new Map<string, boolean>();
  const versions = new Map<string, { registrationId: string; status: string; runningStatus: string }>();
  const after: string[] = [];
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
    const status = e.eventMetadata.find((m) => m.key === 'Status');
    after.push(`${since()}: ${e.eventName}${status ? ` (${status.value})` : ''}`);
  });
  await cdp.send('BackgroundService.setRecording', { service: 'pushMessaging', shouldRecord: true });
  await cdp.send('BackgroundService.startObserving', { service: 'pushMessaging' });
  await cdp.send('ServiceWorker.enable');
  const id = await registrationId;
  const before = JSON.stringify([...versions.values()].map((v) => ({ ...v, routerRules: undefined })));
  const probed = await probeShows(page.context());
  sentAt = Date.now();
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: JSON.stringify(payload) });
  return {
    report: async () =>
      `registration ${id}; versions ${before}; after the push: ${after.join('; ') || 'no change'}; ` +
      `the worker's showNotification: ${probed ? await shows(page.context()) : 'not probed (no running worker)'}`,
    done: () => cdp.detach().catch(() => undefined),
  };
}

interface Delivered {
  report: () => Promise<string>;
  done: () => Promise<void>;
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
        shows.push(`${at()} called (${options?.tag ?? 'no tag'})`);
        return show(title, options).then(
          () => void shows.push(`${at()} resolved`),
          (err: unknown) => {
            shows.push(`${at()} rejected: ${String(err)}`);
            throw err;
          },
        );
      };
      return true;
    })
    .catch(() => false) ?? Promise.resolve(false);

/** What the probe recorded (`probeShows`), read in the running worker. */
export const shows = (context: BrowserContext) =>
  context
    .serviceWorkers()
    .at(-1)
    ?.evaluate(() => (self as unknown as { __shows?: string[] }).__shows?.join(', ') || 'never called')
    .catch((err: unknown) => `unread (${String(err)})`) ?? 'unread (no running worker)';

/**
 * Waits for the notification of `tag`; a push that showed none fails with what the browser did
 * with it (its push log, the worker's `showNotification` calls) and what the registration held.
 */
export async function expectShown(page: Page, tag: string, delivered: Delivered): Promise<void> {
  try {
    const shown = await expect
      .poll(async () => (await shownIn(page, tag)).length, { timeout: 15_000 })
      .toBe(1)
      .then(
        () => true,
        () => false,
      );
    if (shown) return;
    const state = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.ready;
      const shown = await r.getNotifications();
      return {
        active: r.active?.state,
        waiting: r.waiting?.state,
        installing: r.installing?.state,
        permission: Notification.permission,
        tags: shown.map((n) => n.tag),
      };
    });
    throw new Error(
      `no notification ${tag} after its push, delivered to ${await delivered.report()}; ` +
        `the registration: ${JSON.stringify(state)}`,
    );
  } finally {
    await delivered.done();
  }
}

/**
 * The notifications of `tag` the page's registration shows, read through the page: the browser may
 * stop an idle worker and start another for the next push, and a handle to the stopped one reads
 * nothing.
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
