import { useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { Group, SegmentedControl, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { searchRules, text } from '../lib/searchParams';
import { roomList } from '../../shared/conference';
import { ConferencePanel } from '../features/conference/ConferencePanel';

// Pre-login route of docs/requirements/screens-and-routes.md#pre-login-routes: intercom for several
// rooms. One conference login moves between the listed rooms (`rooms`, comma-separated): choosing
// another leaves the one it is in and joins that one.
export const Route = createFileRoute('/moreRoom')({
  validateSearch: searchRules({ rooms: text({ max: 200 }) }),
  component: MoreRoomPage,
});

function MoreRoomPage() {
  const rooms = roomList(Route.useSearch().rooms);
  const [room, setRoom] = useState(rooms[0]!);
  return (
    <ConferencePanel
      title={<Trans>多房间通话</Trans>}
      autoJoin={room}
      toolbar={
        <Group p="sm" gap="sm">
          <Text size="sm">
            <Trans>房间</Trans>
          </Text>
          <SegmentedControl data={rooms} value={room} onChange={setRoom} data-testid="more-rooms" />
        </Group>
      }
    />
  );
}
