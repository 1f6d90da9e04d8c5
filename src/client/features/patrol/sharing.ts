import { PHONE_MAX_FIXES, type PhoneFix, type PhoneSos } from '../../../shared/patrol';
import { getSession, subscribe as onSession } from '../../lib/session';
import { idbStore, memoryStore, Outbox, type QueueStore } from './outbox';
import { sendFixes, sendSos } from './patrol.api';
import { FixThrottle } from './throttle';

/** Fixes kept while offline; the oldest go beyond it (a day at one fix per 10 s). */
const MAX_QUEUED_FIXES = 8_640;
/** The last position an SOS may carry; older, it asks the browser for a fresh one first. */
const SOS_POSITION_MAX_AGE_MS = 120_000;
const SHARING_KEY = 'patrol.sharing';

type ShareError = 'denied' | 'unavailable' | 'unsupported';

export interface PatrolState {
  sharing: boolean;
  error: ShareError | null;
  /** Fixes waiting to be sent, and the SOS. */
  queued: number;
  sosQueued: number;
  /** The time of the last fix the browser gave (ms), sent or not. */
  lastFixAt: number | null;
}

let state: PatrolState = { sharing: false, error: null, queued: 0, sosQueued: 0, lastFixAt: null };
const listeners = new Set<() => void>();
const update = (change: Partial<PatrolState>) => {
  state = { ...state, ...change };
  for (const l of listeners) l();
};

export const getPatrolState = (): PatrolState => state;
export function subscribePatrol(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The local time with its offset (`2026-11-28T21:30:05.120+08:00`): what the officer's phone read. */
function localIso(ms: number): string {
  const d = new Date(ms);
  const off = -d.getTimezoneOffset();
  const pad = (n: number, w = 2) => String(Math.abs(n)).padStart(w, '0');
  const local = new Date(ms + off * 60_000).toISOString().slice(0, -1);
  return `${local}${off >= 0 ? '+' : '-'}${pad(Math.trunc(off / 60))}:${pad(off % 60)}`;
}

/** IndexedDB where the browser has it (a private window of some browsers has none: the queue lives as long as the tab). */
const storeOf = <T>(name: string): QueueStore<T> =>
  typeof indexedDB === 'undefined' ? memoryStore<T>() : idbStore<T>(name);

let fixStore: QueueStore<PhoneFix> | undefined;
let sosStore: QueueStore<PhoneSos> | undefined;
const fixes = new Outbox<PhoneFix>({
  get store() {
    return (fixStore ??= storeOf<PhoneFix>('patrol-fixes'));
  },
  send: sendFixes,
  batch: PHONE_MAX_FIXES,
  max: MAX_QUEUED_FIXES,
  onChange: ({ queued }) => update({ queued }),
});
const soses = new Outbox<PhoneSos>({
  get store() {
    return (sosStore ??= storeOf<PhoneSos>('patrol-sos'));
  },
  send: ([sos]) => sendSos(sos!),
  batch: 1,
  max: 20,
  onChange: ({ queued }) => update({ sosQueued: queued }),
});

const throttle = new FixThrottle();
let watchId: number | null = null;
let last: PhoneFix | null = null;
let battery: number | undefined;

function toFix(p: GeolocationPosition): PhoneFix {
  const c = p.coords;
  return {
    lat: c.latitude,
    lon: c.longitude,
    accuracy: c.accuracy,
    at: localIso(p.timestamp),
    ...(c.speed != null && c.speed >= 0 && { speed: c.speed }),
    ...(c.heading != null && !Number.isNaN(c.heading) && { heading: c.heading }),
    ...(c.altitude != null && { altitude: c.altitude }),
    ...(battery !== undefined && { battery }),
  };
}

function onPosition(p: GeolocationPosition): void {
  const fix = toFix(p);
  last = fix;
  update({ lastFixAt: p.timestamp, error: null });
  if (watchId !== null && throttle.keep({ lat: fix.lat, lon: fix.lon, at: p.timestamp }))
    void fixes.push(fix).catch(() => {});
}

function onError(err: GeolocationPositionError): void {
  if (err.code === err.PERMISSION_DENIED) {
    stopSharing();
    update({ error: 'denied' });
  } else update({ error: 'unavailable' });
}

function watchBattery(): void {
  const nav = navigator as Navigator & {
    getBattery?: () => Promise<{ level: number; addEventListener(e: string, f: () => void): void }>;
  };
  void nav
    .getBattery?.()
    .then((b) => {
      const read = () => (battery = Math.round(b.level * 100));
      read();
      b.addEventListener('levelchange', read);
    })
    .catch(() => {});
}

/** Turns sharing on: the officer's explicit choice, kept across reloads until they turn it off or log out. */
export function startSharing(): void {
  if (watchId !== null || !getSession().token) return;
  if (!('geolocation' in navigator)) return update({ error: 'unsupported' });
  localStorage.setItem(SHARING_KEY, '1');
  throttle.reset();
  watchBattery();
  watchId = navigator.geolocation.watchPosition(onPosition, onError, {
    enableHighAccuracy: true,
    maximumAge: 5_000,
    timeout: 60_000,
  });
  update({ sharing: true, error: null });
}

export function stopSharing(): void {
  localStorage.removeItem(SHARING_KEY);
  if (watchId !== null) navigator.geolocation.clearWatch(watchId);
  watchId = null;
  update({ sharing: false });
}

/** After a reload: sharing goes on again when it was on and the session is still there. */
export function resumeSharing(): void {
  if (localStorage.getItem(SHARING_KEY) === '1' && getSession().token) startSharing();
  void fixes.flush();
  void soses.flush();
}

/** The position an SOS carries: the last one when fresh, else what the browser gives within a few seconds. */
async function freshPosition(timeoutMs = 3_000): Promise<PhoneFix | null> {
  if (last && Date.now() - Date.parse(last.at) < SOS_POSITION_MAX_AGE_MS) return last;
  if (!('geolocation' in navigator)) return last;
  return new Promise((resolve) =>
    navigator.geolocation.getCurrentPosition(
      (p) => {
        last = toFix(p);
        resolve(last);
      },
      () => resolve(last),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: SOS_POSITION_MAX_AGE_MS },
    ),
  );
}

/** Queues the SOS with the last position and the local time; sent at once, or when the network is back. */
export async function raiseSos(): Promise<void> {
  const at = Date.now();
  const where = await freshPosition();
  await soses.push({
    at: localIso(at),
    ...(where && { lat: where.lat, lon: where.lon, accuracy: where.accuracy }),
  });
}

/** Logout: sharing off, a last try to send what is queued, then the queue is forgotten (it is the leaving user's). */
export async function endShift(waitMs = 3_000): Promise<void> {
  stopSharing();
  await Promise.race([Promise.all([soses.flush(), fixes.flush()]), new Promise((r) => setTimeout(r, waitMs))]);
  await Promise.all([fixes.clear(), soses.clear()]);
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    void soses.flush();
    void fixes.flush();
  });
  // A session that ends (expired, revoked, another tab's logout) ends the sharing.
  onSession(() => {
    if (!getSession().token && watchId !== null) stopSharing();
  });
}
