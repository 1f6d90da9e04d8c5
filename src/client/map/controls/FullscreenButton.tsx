import { Button } from '@mantine/core';
import { IconMaximize, IconMinimize } from '@tabler/icons-react';
import { Trans } from '@lingui/react/macro';
import { useEffect, useState, type RefObject } from 'react';

/** Full-screen toggle of the map (docs/requirements/realtime-map-and-tracks.md#map-component: labels 全屏 / 退出). */
export function FullscreenButton({ target }: { target: RefObject<HTMLElement | null> }) {
  const [full, setFull] = useState(false);
  useEffect(() => {
    const sync = () => setFull(document.fullscreenElement !== null && document.fullscreenElement === target.current);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, [target]);

  const toggle = () => {
    // Browsers without the API (or a refused request) simply stay as they are.
    if (full) void document.exitFullscreen?.().catch(() => undefined);
    else void target.current?.requestFullscreen?.().catch(() => undefined);
  };

  return (
    <Button
      size="xs"
      variant="default"
      onClick={toggle}
      leftSection={full ? <IconMinimize size={14} /> : <IconMaximize size={14} />}
      data-testid="map-fullscreen"
    >
      {full ? <Trans>退出</Trans> : <Trans>全屏</Trans>}
    </Button>
  );
}
