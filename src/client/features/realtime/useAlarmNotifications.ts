import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import type { AlarmRecord } from '../../../shared/alarms/push';
import { useLiveEvent } from '../../live/liveStore';
import { alarmTypeLabel } from './alarmLabels';
import type { Sounds } from './sounds';

/** More missed alarms than this become one summary instead of a wall of toasts. */
export const SUMMARY_OVER = 3;
const AUTO_CLOSE_MS = 10_000;

/** Alarms worth a toast and a sound: warning or critical, and nobody has read them yet. */
export function notable(alarm: AlarmRecord): boolean {
  return alarm.level >= 2 && alarm.read === 0;
}

/**
 * New alarms (live or caught up after a reconnect) raise a notification with a short sound;
 * clicking one opens the alarm log. Notices of the whole system show as plain notifications.
 */
export function useAlarmNotifications(onOpenLog: () => void, sounds: Sounds): void {
  const { t } = useLingui();

  useLiveEvent('alarms', ({ alarms }) => {
    const shown = alarms.filter(notable);
    if (!shown.length) return;
    sounds.alert();
    const open = (id: string) => () => {
      notifications.hide(id);
      onOpenLog();
    };
    if (shown.length > SUMMARY_OVER) {
      const id = `alarm-summary-${Date.now()}`;
      notifications.show({
        id,
        color: 'red',
        title: t`新报警`,
        message: t`离线期间有 ${shown.length} 条新报警，点击查看`,
        autoClose: AUTO_CLOSE_MS,
        onClick: open(id),
        style: { cursor: 'pointer' },
        'data-testid': 'alarm-summary',
      });
      return;
    }
    for (const alarm of shown) {
      const id = `alarm-${alarm.id}`;
      const device = alarm.deviceName ?? alarm.imei;
      notifications.show({
        id,
        color: alarm.level >= 3 ? 'red' : 'orange',
        title: `${alarmTypeLabel(alarm.type)} · ${device}`,
        message: alarm.location || alarm.personName || alarm.title,
        autoClose: AUTO_CLOSE_MS,
        onClick: open(id),
        style: { cursor: 'pointer' },
        'data-testid': 'alarm-notification',
      });
    }
  });

  useLiveEvent('notice', ({ title, content }) => {
    notifications.show({ color: 'blue', title, message: content, autoClose: AUTO_CLOSE_MS, 'data-testid': 'notice-notification' });
  });
}
