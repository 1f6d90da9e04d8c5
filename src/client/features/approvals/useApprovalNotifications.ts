import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { useLiveEvent } from '../../live/liveStore';

const AUTO_CLOSE_MS = 15_000;

/**
 * Push 9050: a request waits for my decision (click: the inbox on /audit), or my request was
 * approved or rejected.
 */
export function useApprovalNotifications(onOpenInbox: () => void): void {
  const { t } = useLingui();
  useLiveEvent('approval', (push) => {
    const id = `approval-${push.approvalId}-${push.result ?? push.level}`;
    const title = push.title;
    if (push.result) {
      notifications.show({
        id,
        color: push.result === 'approved' ? 'teal' : 'red',
        title: push.result === 'approved' ? t`审批已通过` : t`审批被驳回`,
        message: title,
        autoClose: AUTO_CLOSE_MS,
        'data-testid': 'approval-notification',
      });
      return;
    }
    notifications.show({
      id,
      color: 'blue',
      title: t`待您审批`,
      message: title,
      autoClose: AUTO_CLOSE_MS,
      onClick: () => {
        notifications.hide(id);
        onOpenInbox();
      },
      style: { cursor: 'pointer' },
      'data-testid': 'approval-notification',
    });
  });
}
