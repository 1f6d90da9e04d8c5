/// <reference lib="webworker" />
import { createStore, get, set, update, type UseStore } from 'idb-keyval';
import type { PhoneAlarmPush, PhonePush } from '../src/shared/alarms/phone-push';
import { within } from '../src/shared/within';
import { pushLabels, type PushLabels } from './phone-push-labels';

/**
 * The phone's side of Web Push (docs/alarms.md "Push to phones"): the service worker shows each
 * PhonePush (src/shared/alarms/phone-push.ts) as a notification, acknowledges an alarm from its
 * action (queued while the phone has no network) and opens the console on a tap. Kept apart from
 * sw.ts so that the unit tests can run it without Workbox's precache.
 */

/** The vibration of an SOS: three long pulses, the pattern phones use for alarms. */
export const SOS_VIBRATE = [500, 200, 500, 200, 500];
/** The icon (and badge) of every notification, as the build has it (precached, vite.config.ts). */
export const ICON = '/icons/icon-192.png';
/** The Background Sync tag of the acknowledge queue. */
const ACK_SYNC_TAG = 'phone-push-ack';

/** What a notification keeps in `data`: the push as it came, or nothing for a generic one. */
type NotificationData = { push: PhonePush } | { push: null };

interface ShownNotification {
  title: string;
  options: NotificationOptions & {
    actions?: { action: string; title: string }[];
    renotify?: boolean;
    vibrate?: number[];
    data: NotificationData;
  };
}

/** A push this worker understands: version 1 of the contract, a known kind. */
function parsePush(raw: unknown): PhonePush | null {
  if (!raw || typeof raw !== 'object') return null;
  const p = raw as Partial<PhonePush>;
  if (p.v !== 1 || (p.kind !== 'alarm' && p.kind !== 'doorCall')) return null;
  if (typeof p.tag !== 'string' || typeof p.at !== 'string') return null;
  return p as PhonePush;
}

/** The push's time on the site's clock (its `timeZone`), in the console's language. */
export function formatAt(at: string, timeZone: string, langTag: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  const options: Intl.DateTimeFormatOptions = {
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  };
  try {
    return new Intl.DateTimeFormat(langTag, { ...options, timeZone }).format(date);
  } catch {
    // An unknown zone (an older phone's time zone data): the phone's own clock rather than nothing.
    return new Intl.DateTimeFormat(langTag, options).format(date);
  }
}

function alarmBody(p: PhoneAlarmPush, labels: PushLabels, langTag: string): string {
  const who = p.person ? `${p.person} · ${p.device}` : p.device;
  const parts = [who, p.place, formatAt(p.at, p.timeZone, langTag)];
  if (typeof p.distanceM === 'number') parts.push(labels.away(Math.round(p.distanceM)));
  return parts.filter(Boolean).join('\n');
}

/** The icon and badge of a notification: the worker's own copy, or none (see `precachedIcon`). */
const iconOptions = (icon: string | undefined) => (icon ? { icon, badge: icon } : {});

/**
 * The notification a push shows; anything but version 1 gets a generic one that opens the console.
 * `icon` is a data: URL (`precachedIcon`) or nothing.
 */
export function notificationFor(raw: unknown, lang: unknown, icon?: string): ShownNotification {
  const { tag: langTag, labels } = pushLabels(lang);
  const push = parsePush(raw);
  const base = { ...iconOptions(icon), lang: langTag };
  if (!push) {
    return { title: labels.genericTitle, options: { ...base, body: labels.genericBody, data: { push: null } } };
  }
  if (push.kind === 'doorCall') {
    const place = push.place || push.device;
    return {
      title: labels.doorCall,
      options: {
        ...base,
        body: [labels.doorCallBody(place), formatAt(push.at, push.timeZone, langTag)].filter(Boolean).join('\n'),
        tag: push.tag,
        renotify: true,
        actions: [{ action: 'open', title: labels.open }],
        data: { push },
      },
    };
  }
  const actions = [...(push.ack ? [{ action: 'ack', title: labels.ack }] : []), { action: 'open', title: labels.open }];
  return {
    title: push.title,
    options: {
      ...base,
      body: alarmBody(push, labels, langTag),
      tag: push.tag,
      renotify: true,
      // An SOS stays until someone answers it, and buzzes even in a pocket.
      ...(push.sos ? { requireInteraction: true, vibrate: SOS_VIBRATE } : {}),
      actions,
      data: { push },
    },
  };
}

/** How the service answered an acknowledge (src/server/notify/ack-routes.ts): final, or to retry. */
type AckOutcome = 'done' | 'taken' | 'invalid' | 'retry';

export function ackOutcome(status: number): AckOutcome {
  if (status >= 200 && status < 300) return 'done';
  if (status === 409) return 'taken';
  // 5xx (a restart, a proxy without its upstream) and 408/429 are the moment's, not the token's.
  if (status >= 500 || status === 408 || status === 429) return 'retry';
  // 403 forged, 404 alarm gone, 410 expired, any other refusal: retrying would not change it.
  return 'invalid';
}

/** One acknowledge waiting for the network. */
export interface QueuedAck {
  url: string;
  tag: string;
  title: string;
  queuedAt: number;
}

/** Where the worker keeps the console's language and the acknowledge queue. */
interface PhonePushStore {
  getLang(): Promise<unknown>;
  setLang(lang: string): Promise<void>;
  queue(): Promise<QueuedAck[]>;
  /** Applies `change` to the queue atomically (IndexedDB transaction). */
  updateQueue(change: (queue: QueuedAck[]) => QueuedAck[]): Promise<void>;
}

export function idbStore(): PhonePushStore {
  let db: UseStore | undefined;
  const store = () => (db ??= createStore('phone-push', 'kv'));
  return {
    getLang: () => get('lang', store()),
    setLang: (lang) => set('lang', lang, store()),
    queue: async () => (await get<QueuedAck[]>('ackQueue', store())) ?? [],
    updateQueue: (change) => update<QueuedAck[]>('ackQueue', (q) => change(q ?? []), store()),
  };
}

export interface PhonePushDeps {
  self: ServiceWorkerGlobalScope;
  store: PhonePushStore;
  fetch: typeof fetch;
  /** The notifications' icon from the worker's own copy, as a data: URL (`precachedIcon`). */
  icon: () => Promise<string | undefined>;
}

/**
 * How long a notification waits for what the worker keeps (the stored language, the icon's copy)
 * before it shows without it.
 */
export const STORE_WAIT_MS = 1000;

/** `read()`'s answer, or undefined when it fails or takes longer than STORE_WAIT_MS. */
const kept = <T>(read: () => Promise<T>): Promise<T | undefined> =>
  within(
    Promise.resolve()
      .then(read)
      .catch(() => undefined),
    STORE_WAIT_MS,
    () => undefined,
  );

/**
 * The console's language as the page last told it, and the icon, both read at once. A store that
 * fails or is slow to open (a busy phone) gives the default language (the console's own, Chinese)
 * and no icon after STORE_WAIT_MS: an SOS shows plainer rather than late.
 */
const keptForShow = (deps: PhonePushDeps) => Promise.all([kept(() => deps.store.getLang()), kept(() => deps.icon())]);

/**
 * The icon at `url` from the worker's cache (`match`: the precache's lookup) as a data: URL, read
 * once per worker start; none when the cache has no copy (read again at the next notification).
 * The browser holds a notification back until its images have loaded (Chromium waits up to 90 s),
 * so an icon fetched over a patrol phone's weak network would hold the SOS back with it; a data:
 * URL loads without the network.
 */
export function precachedIcon(url: string, match: (url: string) => Promise<Response | undefined>) {
  let copy: Promise<string | undefined> | undefined;
  return (): Promise<string | undefined> => {
    copy ??= match(url)
      .then((response) => (response?.ok ? dataUrlOf(response) : undefined))
      .catch(() => undefined)
      .then((dataUrl) => {
        if (!dataUrl) copy = undefined;
        return dataUrl;
      });
    return copy;
  };
}

/** A response's body as a data: URL of its content type. */
export async function dataUrlOf(response: Response): Promise<string> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  const type = response.headers.get('content-type')?.split(';')[0]?.trim() || 'application/octet-stream';
  return `data:${type};base64,${btoa(binary)}`;
}

/**
 * Shows the notification of a push. When the platform refuses it as built (an option it does not
 * take: actions, vibration, a sticky notification), the same title, text and tag show plainly:
 * the alarm reaches the phone, without its buttons (a tap still opens it in the console).
 */
export async function showPush(deps: PhonePushDeps, raw: unknown): Promise<void> {
  const [lang, icon] = await keptForShow(deps);
  const { title, options } = notificationFor(raw, lang, icon);
  try {
    await deps.self.registration.showNotification(title, options);
  } catch {
    const { body, tag, icon, lang, data } = options;
    await deps.self.registration.showNotification(title, { body, tag, icon, lang, data });
  }
}

/** The ack URL of a push, or null when it is not a path of this origin (never post elsewhere). */
function sameOriginAck(ack: string | null | undefined, origin: string): string | null {
  if (!ack) return null;
  try {
    const url = new URL(ack, origin);
    return url.origin === origin ? url.href : null;
  } catch {
    return null;
  }
}

async function postAck(deps: PhonePushDeps, url: string): Promise<AckOutcome> {
  try {
    const res = await deps.fetch(url, { method: 'POST', headers: { Accept: 'application/json' }, credentials: 'omit' });
    return ackOutcome(res.status);
  } catch {
    return 'retry';
  }
}

/** Replaces the alarm's notification with the acknowledge's outcome: short, silent, not sticky. */
async function showOutcome(
  deps: PhonePushDeps,
  tag: string,
  title: string,
  outcome: Exclude<AckOutcome, 'retry'> | 'queued',
) {
  const [lang, icon] = await keptForShow(deps);
  const { tag: langTag, labels } = pushLabels(lang);
  const body = { done: labels.acked, taken: labels.taken, invalid: labels.invalid, queued: labels.queued }[outcome];
  await deps.self.registration.showNotification(title, {
    body,
    tag,
    ...iconOptions(icon),
    lang: langTag,
    silent: true,
    data: { push: null } satisfies NotificationData,
  });
}

let flushing: Promise<void> | null = null;

/**
 * Sends the queued acknowledges, oldest first; those that meet no network (or a 5xx) stay. One
 * flush at a time: the `sync` event, a page's `online` and a new push may all come together.
 */
export function flushAckQueue(deps: PhonePushDeps): Promise<void> {
  flushing ??= (async () => {
    try {
      for (const item of await deps.store.queue()) {
        const outcome = await postAck(deps, item.url);
        if (outcome === 'retry') continue;
        await deps.store.updateQueue((q) => q.filter((x) => x.url !== item.url));
        await showOutcome(deps, item.tag, item.title, outcome);
      }
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

async function enqueue(deps: PhonePushDeps, item: QueuedAck): Promise<void> {
  await deps.store.updateQueue((q) => [...q.filter((x) => x.url !== item.url), item]);
  // Background Sync (Chromium): the browser wakes the worker once the network is back, even with
  // no console open. Elsewhere the next push or a console page's `online` flushes the queue.
  const sync = (
    deps.self.registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }
  ).sync;
  await sync?.register(ACK_SYNC_TAG).catch(() => undefined);
}

/** The Acknowledge action: posts the signed link, or queues it for when the network is back. */
export async function acknowledge(deps: PhonePushDeps, push: PhoneAlarmPush): Promise<AckOutcome | 'queued' | 'none'> {
  const url = sameOriginAck(push.ack, deps.self.location.origin);
  if (!url) return 'none';
  const outcome = await postAck(deps, url);
  if (outcome === 'retry') {
    await enqueue(deps, { url, tag: push.tag, title: push.title, queuedAt: Date.now() });
    await showOutcome(deps, push.tag, push.title, 'queued');
    return 'queued';
  }
  await showOutcome(deps, push.tag, push.title, outcome);
  return outcome;
}

/** The console URL that opens an alarm (src/client/features/push/openAlarm.ts reads `alarm`). */
const alarmUrl = (alarmId: number) => `/?alarm=${alarmId}`;

/** Focuses an open console and asks it to show the alarm, or opens one on it. */
async function openConsole(deps: PhonePushDeps, push: PhonePush | null): Promise<void> {
  const { self } = deps;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const win = windows.find((w) => new URL(w.url).origin === self.location.origin);
  const alarmId = push?.kind === 'alarm' ? push.alarmId : undefined;
  if (win) {
    const focused = await win.focus().catch(() => win);
    if (alarmId !== undefined)
      focused.postMessage({ type: 'openAlarm', alarmId, sos: push?.kind === 'alarm' && push.sos });
    return;
  }
  await self.clients.openWindow(alarmId === undefined ? '/' : alarmUrl(alarmId));
}

function pushData(notification: Notification): PhonePush | null {
  const data = notification.data as NotificationData | null | undefined;
  return parsePush(data?.push);
}

/** Hooks the push, notificationclick, sync and message events on the worker. */
export function installPhonePush(deps: PhonePushDeps): void {
  const { self } = deps;

  self.addEventListener('push', (event) => {
    let raw: unknown = null;
    try {
      raw = event.data?.json();
    } catch {
      raw = null;
    }
    event.waitUntil(
      (async () => {
        await showPush(deps, raw);
        // A push means the network is there: a good moment for acknowledges still waiting.
        await flushAckQueue(deps).catch(() => undefined);
      })(),
    );
  });

  self.addEventListener('notificationclick', (event) => {
    const push = pushData(event.notification);
    if (event.action === 'ack' && push?.kind === 'alarm') {
      event.notification.close();
      event.waitUntil(acknowledge(deps, push));
      return;
    }
    event.notification.close();
    event.waitUntil(openConsole(deps, push));
  });

  self.addEventListener('sync', (event) => {
    const sync = event as ExtendableEvent & { tag?: string; lastChance?: boolean };
    if (sync.tag !== ACK_SYNC_TAG) return;
    sync.waitUntil(
      (async () => {
        await flushAckQueue(deps);
        // Still waiting: rejecting asks the browser to fire the sync again later.
        if ((await deps.store.queue()).length > 0 && !sync.lastChance) throw new Error('acknowledges still queued');
      })(),
    );
  });

  self.addEventListener('message', (event) => {
    const data = event.data as { type?: unknown; lang?: unknown } | null;
    if (data?.type === 'locale' && typeof data.lang === 'string') event.waitUntil(deps.store.setLang(data.lang));
    else if (data?.type === 'online') event.waitUntil(flushAckQueue(deps).catch(() => undefined));
  });
}
