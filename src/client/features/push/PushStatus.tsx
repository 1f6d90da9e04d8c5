import { useState } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { PhonePushModal } from './PhonePushModal';
import { usePushState } from './usePushState';

/**
 * The header's push indicator for the phone layout (docs/alarms.md "Push to phones"): a bell, on or
 * off with why in its label; a tap opens the settings. Nothing on wider screens (the user menu has
 * the entry) and nothing until the state is known.
 */
export function PushStatus() {
  const { t } = useLingui();
  const { state } = usePushState();
  const [opened, setOpened] = useState(false);
  if (state === undefined) return null;
  const on = state === 'on';
  const label = {
    on: t`手机通知：已开启`,
    off: t`手机通知：未开启`,
    denied: t`手机通知：已被浏览器禁止`,
    unsupported: t`手机通知：此浏览器不支持`,
    noWorker: t`手机通知：离线服务未就绪`,
  }[state];
  return (
    <>
      <Tooltip label={label} withArrow>
        <ActionIcon
          variant="subtle"
          color={on ? 'teal' : state === 'denied' ? 'orange' : 'gray'}
          size="lg"
          hiddenFrom="sm"
          aria-label={label}
          onClick={() => setOpened(true)}
          data-testid="push-status"
          data-state={state}
        >
          {on ? <IconBell size={20} /> : <IconBellOff size={20} />}
        </ActionIcon>
      </Tooltip>
      <PhonePushModal opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
