import { useEffect, useState } from 'react';
import { Affix, Button } from '@mantine/core';
import { IconVolumeOff } from '@tabler/icons-react';
import { Trans } from '@lingui/react/macro';
import type { Sounds } from './sounds';

/**
 * A console opened without a click (a wall screen started by URL) cannot ring: the browser holds
 * sound back until a gesture. Until one comes, a button says the alarm sound is off and asks for
 * that click; any click or key on the page does the same.
 */
export function SoundGate({ sounds }: { sounds: Sounds }) {
  const [blocked, setBlocked] = useState(() => sounds.blocked?.() ?? false);
  useEffect(() => {
    if (!blocked) return;
    const unlock = () => {
      sounds.unlock?.();
      setBlocked(false);
    };
    const events = ['pointerdown', 'keydown'] as const;
    for (const e of events) document.addEventListener(e, unlock, { capture: true, once: true });
    return () => {
      for (const e of events) document.removeEventListener(e, unlock, { capture: true });
    };
  }, [blocked, sounds]);
  if (!blocked) return null;
  return (
    <Affix position={{ top: 8, left: '50%' }} zIndex={400} style={{ transform: 'translateX(-50%)' }}>
      <Button size="xs" color="orange" leftSection={<IconVolumeOff size={16} />} data-testid="sound-gate">
        <Trans>报警声音未开启，点击开启</Trans>
      </Button>
    </Affix>
  );
}
