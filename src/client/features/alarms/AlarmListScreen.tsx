import { useState } from 'react';
import { Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { ALARM_HANDLE } from '../../../shared/alarms/types';
import { hasMark, isReadOnly, useSession } from '../../lib/session';
import { AlarmCard } from './AlarmCard';
import { canAcknowledge } from './AlarmCells';
import { HANDLE_MARK } from './alarmMutations';
import { alarmListQuery, LIVE_LIST_QUERY } from './alarms.queries';
import { HandleModal } from './HandleModal';
import { useAlarmActions } from './useAlarmActions';

/** /alarmList: the unhandled alarms, newest first, for a narrow side panel; refreshed by the live bridge. */
export function AlarmListScreen() {
  useSession();
  const canHandle = hasMark(HANDLE_MARK);
  const list = useQuery(alarmListQuery(LIVE_LIST_QUERY));
  const actions = useAlarmActions();
  const [handling, setHandling] = useState<number[] | null>(null);
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;

  return (
    <Stack gap="xs" maw={480} data-testid="alarm-live-list">
      <Group justify="space-between">
        <Title order={5}>
          <Trans>未处理报警</Trans>
        </Title>
        <Text size="sm" c="dimmed" data-testid="alarm-live-total">
          {list.data?.capped ? `${total.toLocaleString()}+` : total}
        </Text>
      </Group>
      {list.isPending && (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      )}
      {!list.isPending && rows.length === 0 && (
        <Text c="dimmed" size="sm" ta="center" py="md">
          <Trans>暂无未处理报警</Trans>
        </Text>
      )}
      {rows.map((row) => (
        <AlarmCard key={row.id} row={row}>
          {!isReadOnly() && Number(row.read) === 0 && (
            <Button
              size="compact-xs"
              variant="light"
              color="gray"
              onClick={() => actions.markRead([row.id])}
              data-testid="card-read"
            >
              <Trans>标为已读</Trans>
            </Button>
          )}
          {!isReadOnly() && canAcknowledge(row) && (
            <Button
              size="compact-xs"
              variant="filled"
              color="red"
              onClick={() => actions.acknowledge([row.id])}
              data-testid="card-take"
            >
              <Trans>我来处理</Trans>
            </Button>
          )}
          {canHandle && Number(row.handleState) === ALARM_HANDLE.pending && (
            <Button
              size="compact-xs"
              variant="light"
              color="orange"
              onClick={() => setHandling([row.id])}
              data-testid="card-handle"
            >
              <Trans>处理</Trans>
            </Button>
          )}
        </AlarmCard>
      ))}
      <HandleModal ids={handling} onClose={() => setHandling(null)} />
    </Stack>
  );
}
