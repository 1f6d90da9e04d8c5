import { useEffect, useRef } from 'react';
import { useLang } from '../../i18n/useLang';

/**
 * What the console tells its service worker for the phone's notifications (sw/phone-push.ts), and
 * what the worker asks of the console: the language of the notifications' labels, "the network is
 * back" (flush the queued acknowledges), and "open this alarm" from a tapped notification.
 */

function postToWorker(message: unknown): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const send = (worker: ServiceWorker | null | undefined) => worker?.postMessage(message);
  if (navigator.serviceWorker.controller) send(navigator.serviceWorker.controller);
  else void navigator.serviceWorker.ready.then((reg) => send(reg.active)).catch(() => undefined);
}

/** The URL parameter a notification opens the console with (sw/phone-push.ts alarmUrl). */
const ALARM_PARAM = 'alarm';

/** The alarm named in the URL, taken out of it so that a reload does not open it again. */
function takeAlarmParam(): number | null {
  if (typeof window === 'undefined') return null;
  const url = new URL(window.location.href);
  const raw = url.searchParams.get(ALARM_PARAM);
  if (raw === null) return null;
  url.searchParams.delete(ALARM_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Keeps the worker told of the language and the network, and calls `onOpenAlarm` for an alarm a
 * notification asked to open: in the URL at start, or by message to a console already open.
 */
export function usePhonePushBridge(onOpenAlarm: (alarmId: number) => void): void {
  const lang = useLang();
  const open = useRef(onOpenAlarm);
  useEffect(() => {
    open.current = onOpenAlarm;
  });

  useEffect(() => postToWorker({ type: 'locale', lang }), [lang]);

  useEffect(() => {
    const online = () => postToWorker({ type: 'online' });
    window.addEventListener('online', online);
    const fromUrl = takeAlarmParam();
    if (fromUrl !== null) open.current(fromUrl);
    const sw = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; alarmId?: unknown } | null;
      if (data?.type === 'openAlarm' && typeof data.alarmId === 'number') open.current(data.alarmId);
    };
    sw?.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('online', online);
      sw?.removeEventListener('message', onMessage);
    };
  }, []);
}
