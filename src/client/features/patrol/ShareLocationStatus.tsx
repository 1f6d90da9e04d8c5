import { useEffect } from 'react';
import { ActionIcon, Indicator, Popover, Tooltip } from '@mantine/core';
import { IconMapPin, IconMapPinOff } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { isReadOnly } from '../../lib/session';
import { ShareLocationSwitch } from './ShareLocationSwitch';
import { resumeSharing } from './sharing';
import { usePatrol } from './usePatrol';

/**
 * The header's sharing indicator (docs/device-protocol.md "The phone shares its position"): while
 * sharing is on it is always shown, green, with the fixes waiting to be sent; while off it shows on
 * narrow screens only (the phone layout), so the officer sees at a glance that nothing is shared.
 * A tap opens the switch.
 */
export function ShareLocationStatus() {
  const { t } = useLingui();
  const { sharing, queued, error } = usePatrol();
  useEffect(() => resumeSharing(), []);
  const label = sharing ? t`正在共享我的位置` : t`未共享位置`;
  if (isReadOnly()) return null;
  return (
    <Popover position="bottom-end" withArrow shadow="md" width={280}>
      <Popover.Target>
        <Tooltip label={label} withArrow>
          <Indicator disabled={!queued} label={queued} size={16} color="orange" offset={8}>
            <ActionIcon
              size={48}
              variant={sharing ? 'light' : 'subtle'}
              color={sharing ? (error ? 'orange' : 'teal') : 'gray'}
              aria-label={label}
              aria-pressed={sharing}
              data-testid="share-location-status"
              data-sharing={sharing}
              data-queued={queued}
              hiddenFrom={sharing ? undefined : 'sm'}
            >
              {sharing ? <IconMapPin size={22} /> : <IconMapPinOff size={22} />}
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={4}>
        <ShareLocationSwitch />
      </Popover.Dropdown>
    </Popover>
  );
}
