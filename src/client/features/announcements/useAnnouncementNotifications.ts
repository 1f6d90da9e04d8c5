import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { ANNOUNCEMENT_LEVEL } from '../../../entities/announcement/resource';
import { useLiveEvent } from '../../live/liveStore';
import type { Sounds } from '../realtime/sounds';

const AUTO_CLOSE_MS = 15_000;

/**
 * An announcement reached this user (push 9060): a notification that opens the unread popup, with
 * the alert sound for an important or urgent one (an urgent one is also spoken: the service sends
 * it on the voice socket, as critical alarms are). A withdrawn one (push 9061) closes its
 * notification.
 */
export function useAnnouncementNotifications(onOpen: () => void, sounds: Sounds): void {
  const { t } = useLingui();
  useLiveEvent('announcement', (a) => {
    if (a.level >= ANNOUNCEMENT_LEVEL.important) sounds.alert();
    const id = `announcement-${a.id}`;
    notifications.show({
      id,
      color: a.level >= ANNOUNCEMENT_LEVEL.urgent ? 'red' : a.level >= ANNOUNCEMENT_LEVEL.important ? 'orange' : 'blue',
      title: t`新公告：${a.title}`,
      message: a.content.length > 120 ? `${a.content.slice(0, 120)}…` : a.content,
      autoClose: a.level >= ANNOUNCEMENT_LEVEL.urgent ? false : AUTO_CLOSE_MS,
      onClick: () => {
        notifications.hide(id);
        onOpen();
      },
      style: { cursor: 'pointer' },
      'data-testid': 'announcement-notification',
    });
  });
  useLiveEvent('announcementWithdrawn', ({ id }) => notifications.hide(`announcement-${id}`));
}
