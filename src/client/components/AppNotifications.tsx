import { useDirection } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { TOAST_MS } from '../../shared/constants';
import classes from './AppNotifications.module.css';

/** At most this many toasts show at once; the rest wait in Mantine's queue, higher priority first. */
export const TOAST_LIMIT = 3;
/** Narrower than Mantine's 440 px, so a toast covers less of a table or a map. */
const TOAST_WIDTH = 360;

/**
 * The console's one toast container (docs/alarms.md#toasts): bottom of the inline end (right, or
 * left in a right-to-left language), clear of the header toolbars, the screens' date inputs and
 * the sound gate at the top centre; full width and small on a phone.
 */
export function AppNotifications() {
  const { dir } = useDirection();
  return (
    <Notifications
      position={dir === 'rtl' ? 'bottom-left' : 'bottom-right'}
      autoClose={TOAST_MS}
      limit={TOAST_LIMIT}
      containerWidth={TOAST_WIDTH}
      classNames={{ root: classes.root, notification: classes.notification }}
    />
  );
}
