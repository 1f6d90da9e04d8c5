import { request } from '../../lib/request';
import type { PhonePushKind } from '../../../shared/alarms/phone-push';

/**
 * This browser's Web Push subscription (docs/alarms.md "Push to phones"): whether it can receive
 * pushes, whether it does, and turning it on and off. Permission is asked only from the Enable
 * button (browsers ignore or penalise a prompt nobody asked for).
 */

/** Why this browser cannot, or does not, receive pushes; `on` when it does. */
export type PushState = 'unsupported' | 'noWorker' | 'denied' | 'off' | 'on';

export interface PushDevice {
  id: number;
  userAgent: string | null;
  service: string;
  createdAt: string;
  lastDeliveryAt: string | null;
  lastStatus: number | null;
}

export interface PushPreferences {
  kinds: PhonePushKind[];
  all: PhonePushKind[];
  updatedAt: string | null;
}

/** Why enabling failed: the user said no, the browser's push service refused, or ours did. */
export class PushEnableError extends Error {
  constructor(
    readonly reason: 'denied' | 'subscribe' | 'server',
    message: string,
  ) {
    super(message);
  }
}

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext !== false &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The service worker's registration; null where none is registered (the dev server). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await registration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

export async function readPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const reg = await registration();
  if (!reg) return 'noWorker';
  const subscription = await reg.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/** The VAPID public key (base64url) as the bytes pushManager.subscribe wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Asks for permission (this click's), subscribes with the service's key and registers the subscription. */
export async function enablePush(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushEnableError('denied', permission);
  let publicKey: string;
  try {
    ({ publicKey } = await request<{ publicKey: string }>('push', 'vapidPublicKey', undefined, {
      method: 'GET',
      quiet: true,
    }));
  } catch (error) {
    throw new PushEnableError('server', errorText(error));
  }
  const reg = await navigator.serviceWorker.ready;
  const applicationServerKey = keyBytes(publicKey);
  let subscription: PushSubscription;
  try {
    const old = await reg.pushManager.getSubscription();
    // A subscription made with another key (the service's keys were replaced) cannot be reused.
    const oldKey = old?.options.applicationServerKey;
    if (old && oldKey && !sameBytes(new Uint8Array(oldKey), applicationServerKey)) await old.unsubscribe();
    subscription = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  } catch (error) {
    throw new PushEnableError('subscribe', errorText(error));
  }
  try {
    await request('push', 'subscription', subscription.toJSON(), { quiet: true });
  } catch (error) {
    // Not registered with the service: nothing would come, so the browser keeps none either.
    await subscription.unsubscribe().catch(() => undefined);
    throw new PushEnableError('server', errorText(error));
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Stops this browser's pushes: removed at the service first, then in the browser. */
export async function disablePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await request('push', 'subscription/remove', { endpoint: subscription.endpoint }, { quiet: true });
  await subscription.unsubscribe();
}

export const listDevices = () => request<PushDevice[]>('push', 'subscription/list', {}, { background: true });
export const removeDevice = (id: number) => request<{ removed: number }>('push', 'subscription/remove', { id });
export const readPreferences = () =>
  request<PushPreferences>('push', 'preferences', undefined, { method: 'GET', background: true });
export const savePreferences = (kinds: PhonePushKind[]) =>
  request<{ kinds: PhonePushKind[] }>('push', 'preferences', { kinds }, { background: true });

/** A browser and system named from a user agent, for "my devices". */
export function browserName(userAgent: string | null): string {
  if (!userAgent) return '-';
  const browser =
    /EdgA?\/[\d]+/.exec(userAgent)?.[0].replace(/A?\//, ' ') ??
    /(Firefox|FxiOS)\/\d+/.exec(userAgent)?.[0].replace('/', ' ') ??
    /(Chrome|CriOS)\/\d+/.exec(userAgent)?.[0].replace('/', ' ') ??
    (/Version\/\d+.*Safari/.test(userAgent) ? 'Safari' : null);
  const system =
    /Android [\d.]+/.exec(userAgent)?.[0] ??
    (/iPhone|iPad/.test(userAgent) ? 'iOS' : null) ??
    (/Windows/.test(userAgent) ? 'Windows' : null) ??
    (/Mac OS X/.test(userAgent) ? 'macOS' : null) ??
    (/Linux/.test(userAgent) ? 'Linux' : null);
  return [browser, system].filter(Boolean).join(' · ') || userAgent.slice(0, 40);
}
