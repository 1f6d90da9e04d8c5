import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { notifications, notificationsStore, type NotificationData } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import type { AlarmRecord } from '../../../shared/alarms/push';
import { useLiveEvent } from '../../live/liveStore';
import { alarmTypeLabel } from './alarmLabels';
import type { Sounds } from './sounds';

/** More missed alarms than this become one summary instead of a wall of toasts. */
const SUMMARY_OVER = 3;
/** Warnings of one type and level within this long of the last one count on one toast. */
export const GROUP_WINDOW_MS = 60_000;
/** A warning's toast closes by itself this long after its last alarm. */
export const WARNING_CLOSE_MS = 6_000;
/** Notices and a summary of warnings only. */
const AUTO_CLOSE_MS = 10_000;
/** Critical toasts show before every other one once more than the limit are open. */
const CRITICAL_PRIORITY = 1;

/** Alarms worth a toast and a sound: warning or critical, and nobody has read them yet. */
function notable(alarm: AlarmRecord): boolean {
  return alarm.level >= 2 && alarm.read === 0;
}

const critical = (alarm: AlarmRecord) => alarm.level >= 3;

/** Shown or waiting in Mantine's queue; false once hidden, clicked away or cleaned. */
function open(id: string): boolean {
  const { notifications: shown, queue } = notificationsStore.getState();
  return shown.some((n) => n.id === id) || queue.some((n) => n.id === id);
}

/** The warnings of one type and level seen lately, and the toast that counts them. */
interface Group {
  toastId: string;
  count: number;
  lastAt: number;
}

/** What the hook remembers between events: groups by level and type, and the alarms behind each toast. */
interface Toasts {
  seq: number;
  groups: Map<string, Group>;
  alarms: Map<string, Set<number>>;
}

/**
 * New alarms (live or caught up after a reconnect) raise a toast with a short sound; clicking one
 * opens the alarm log (docs/alarms.md#toasts). A critical alarm gets a toast of its own that stays
 * until clicked or until the alarm is read or handled; warnings of one type and level within
 * GROUP_WINDOW_MS share one toast with a count. Notices of the whole system show as plain toasts.
 * `onAck` (absent for read-only users) puts 我来处理 on a critical toast nobody took: it acknowledges the
 * alarm (docs/alarms.md#acknowledgement-and-escalation) and the toast goes.
 */
export function useAlarmNotifications(onOpenLog: () => void, sounds: Sounds, onAck?: (alarmId: number) => void): void {
  const { t } = useLingui();
  const [toasts] = useState<Toasts>(() => ({ seq: 0, groups: new Map(), alarms: new Map() }));

  /** Clicked, or all its alarms read: the toast goes, and its group counts from one again. */
  const done = (toastId: string) => {
    notifications.hide(toastId);
    toasts.alarms.delete(toastId);
    for (const [key, group] of toasts.groups) if (group.toastId === toastId) toasts.groups.delete(key);
  };

  const openLog = (id: string) => () => {
    done(id);
    onOpenLog();
  };

  /** Shows a new toast, or updates it when it is still open. */
  const put = (id: string, ids: number[], toast: Omit<NotificationData, 'id'>) => {
    const props = { ...toast, id, onClick: openLog(id), style: { cursor: 'pointer' } };
    if (open(id)) {
      notifications.update(props);
      for (const alarmId of ids) toasts.alarms.get(id)?.add(alarmId);
    } else {
      notifications.show(props);
      toasts.alarms.set(id, new Set(ids));
    }
  };

  const showCritical = (alarm: AlarmRecord) => {
    const device = alarm.deviceName ?? alarm.imei;
    const id = `alarm-${alarm.id}`;
    const detail = alarm.location || alarm.personName || alarm.title;
    put(id, [alarm.id], {
      color: 'red',
      title: `${alarmTypeLabel(alarm.type)} · ${device}`,
      message:
        onAck && !alarm.ackedAt ? (
          <Stack gap={4} align="flex-start">
            <span>{detail}</span>
            <Button
              size="compact-xs"
              color="red"
              data-testid="alarm-notification-ack"
              onClick={(event) => {
                // The toast's own click opens the log; this one only takes the alarm.
                event.stopPropagation();
                done(id);
                onAck(alarm.id);
              }}
            >
              {t`我来处理`}
            </Button>
          </Stack>
        ) : (
          detail
        ),
      autoClose: false,
      priority: CRITICAL_PRIORITY,
      'data-testid': 'alarm-notification',
      'data-level': alarm.level,
    });
  };

  const showWarning = (alarm: AlarmRecord, now: number) => {
    const key = `${alarm.level}-${alarm.type}`;
    const last = toasts.groups.get(key);
    const counting = last !== undefined && now - last.lastAt <= GROUP_WINDOW_MS;
    // A group whose toast closed by itself counts on, on a toast of its own.
    const group: Group = {
      toastId: counting && open(last.toastId) ? last.toastId : `alarm-group-${key}-${++toasts.seq}`,
      count: counting ? last.count + 1 : 1,
      lastAt: now,
    };
    toasts.groups.set(key, group);
    const device = alarm.deviceName ?? alarm.imei;
    const detail = alarm.location || alarm.personName || alarm.title;
    const label = alarmTypeLabel(alarm.type);
    put(group.toastId, [alarm.id], {
      color: 'orange',
      title: group.count > 1 ? `${label} ×${group.count} · ${device}` : `${label} · ${device}`,
      message: group.count > 1 ? t`最新：${detail}` : detail,
      // Mantine restarts the close timer only when the duration changes: one millisecond off on
      // every other count keeps a toast that keeps counting open WARNING_CLOSE_MS after the last.
      autoClose: WARNING_CLOSE_MS - (group.count % 2),
      'data-testid': 'alarm-notification',
      'data-level': alarm.level,
      'data-count': group.count,
    });
  };

  useLiveEvent('alarms', ({ alarms }) => {
    const shown = alarms.filter(notable);
    if (!shown.length) return;
    sounds.alert();
    // Toasts closed by themselves or by their close button no longer wait for their alarms.
    for (const id of toasts.alarms.keys()) if (!open(id)) toasts.alarms.delete(id);
    if (shown.length > SUMMARY_OVER) {
      // A summary that counts a critical alarm is kept like the critical toast it stands for.
      const total = shown.length;
      const urgent = shown.filter(critical).length;
      put(
        `alarm-summary-${++toasts.seq}`,
        shown.map((a) => a.id),
        {
          color: urgent ? 'red' : 'orange',
          title: t`新报警`,
          message: urgent
            ? t`离线期间有 ${total} 条新报警，其中 ${urgent} 条紧急，点击查看`
            : t`离线期间有 ${shown.length} 条新报警，点击查看`,
          autoClose: urgent ? false : AUTO_CLOSE_MS,
          priority: urgent ? CRITICAL_PRIORITY : 0,
          'data-testid': 'alarm-summary',
        },
      );
      return;
    }
    const now = Date.now();
    for (const alarm of shown) {
      if (critical(alarm)) showCritical(alarm);
      else showWarning(alarm, now);
    }
  });

  // An escalation step sent an alarm again that nobody acknowledged: it rings again on the one
  // toast of its id (updated when still open), never a second one.
  useLiveEvent('alarmAgain', ({ alarm }) => {
    if (alarm.handleState !== 0) return;
    sounds.alert();
    showCritical(alarm);
  });

  // Read or handled on this console or another: a toast all of whose alarms are done goes away.
  useLiveEvent('alarmUpdate', ({ ids }) => {
    for (const [toastId, alarmIds] of toasts.alarms) {
      if (!open(toastId)) {
        toasts.alarms.delete(toastId);
        continue;
      }
      for (const id of ids) alarmIds.delete(id);
      if (!alarmIds.size) done(toastId);
    }
  });

  useLiveEvent('notice', ({ title, content }) => {
    notifications.show({
      color: 'blue',
      title,
      message: content,
      autoClose: AUTO_CLOSE_MS,
      'data-testid': 'notice-notification',
    });
  });
}
