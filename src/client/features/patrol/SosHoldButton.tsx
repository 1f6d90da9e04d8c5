import { useEffect, useRef, useState } from 'react';
import { Box, RingProgress, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { isReadOnly } from '../../lib/session';
import { raiseSos } from './sharing';
import { usePatrol } from './usePatrol';
import classes from './SosHoldButton.module.css';

/** How long the button is held before the SOS goes: long enough that a pocket or a brush does not send one. */
export const SOS_HOLD_MS = 3_000;
const TICK_MS = 100;

/**
 * The phone layout's SOS (narrow screens): hold 3 s, with the seconds left counted down on the
 * button; releasing before cancels. The SOS carries the last position and the phone's local time
 * and waits in the queue while offline (sharing.ts).
 */
export function SosHoldButton() {
  const { t } = useLingui();
  const { sosQueued } = usePatrol();
  const [heldMs, setHeldMs] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const startedAt = useRef(0);

  const cancel = () => {
    clearInterval(timer.current);
    timer.current = undefined;
    setHeldMs(null);
  };
  useEffect(() => cancel, []);

  const send = () => {
    cancel();
    navigator.vibrate?.(300);
    void raiseSos().then(() =>
      notifications.show({
        id: 'patrol-sos',
        color: 'red',
        message: navigator.onLine ? t`SOS 已发出` : t`SOS 已保存，恢复网络后立即发送`,
      }),
    );
  };

  const start = () => {
    if (timer.current) return;
    startedAt.current = Date.now();
    setHeldMs(0);
    timer.current = setInterval(() => {
      const held = Date.now() - startedAt.current;
      if (held >= SOS_HOLD_MS) send();
      else setHeldMs(held);
    }, TICK_MS);
  };

  if (isReadOnly()) return null;
  const left = heldMs === null ? null : Math.max(1, Math.ceil((SOS_HOLD_MS - heldMs) / 1000));
  return (
    <Box className={classes.root} hiddenFrom="sm">
      <RingProgress
        size={96}
        thickness={6}
        roundCaps
        sections={[{ value: heldMs === null ? 0 : (heldMs / SOS_HOLD_MS) * 100, color: 'red' }]}
        label={
          <UnstyledButton
            className={classes.button}
            bg="red"
            c="white"
            aria-label={t`按住 3 秒发送 SOS`}
            data-testid="sos-hold"
            data-queued={sosQueued}
            onPointerDown={(e) => {
              // Held on this button even when the finger drifts off it; only a release cancels.
              e.currentTarget.setPointerCapture?.(e.pointerId);
              start();
            }}
            onPointerUp={cancel}
            onPointerCancel={cancel}
            onContextMenu={(e) => e.preventDefault()}
            onKeyDown={(e) => {
              if ((e.key === ' ' || e.key === 'Enter') && !e.repeat) start();
            }}
            onKeyUp={cancel}
          >
            {left === null ? (
              'SOS'
            ) : (
              <Text component="span" fw={800} size="xl" data-testid="sos-countdown" aria-live="assertive">
                {left}
              </Text>
            )}
          </UnstyledButton>
        }
      />
    </Box>
  );
}
