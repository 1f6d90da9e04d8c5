import { useEffect, useState } from 'react';
import { Box, Button, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Trans } from '@lingui/react/macro';
import { StreamVideo } from '../media/StreamVideo';
import type { ConferenceMedia, RemoteFeed } from './media';

/** One member's picture with its 刷新 (resubscribe) button and a quality line the tests read. */
export function RemoteVideo({ feed, name, media }: { feed: RemoteFeed; name: string; media: ConferenceMedia }) {
  const [stats, setStats] = useState<Awaited<ReturnType<ConferenceMedia['stats']>>>(null);
  useEffect(() => {
    const timer = setInterval(() => void media.stats(feed.uid).then(setStats), 1000);
    return () => clearInterval(timer);
  }, [media, feed.uid]);
  return (
    <Box
      pos="relative"
      bg="dark.9"
      style={{ aspectRatio: '4 / 3', borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
      data-testid="conf-tile"
      data-uid={feed.uid}
    >
      <StreamVideo stream={feed.stream} testId="conf-remote-video" />
      <Text size="xs" c="gray.3" pos="absolute" top={6} style={{ insetInlineStart: 8 }}>
        {name}
      </Text>
      <Button
        size="compact-xs"
        variant="light"
        pos="absolute"
        top={6}
        style={{ insetInlineEnd: 8 }}
        leftSection={<IconRefresh size={12} />}
        onClick={() => media.refresh(feed.uid)}
        data-testid="conf-refresh"
      >
        <Trans>刷新</Trans>
      </Button>
      {stats && (
        <Text
          size="xs"
          c="gray.3"
          pos="absolute"
          bottom={6}
          style={{ insetInlineStart: 8 }}
          data-testid="conf-quality"
          data-frames={stats.framesDecoded}
        >
          {stats.width}×{stats.height} · {Math.round(stats.fps)} fps
        </Text>
      )}
    </Box>
  );
}
