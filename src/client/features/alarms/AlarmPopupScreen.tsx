import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { isReadOnly } from '../../lib/session';
import { AlarmCard } from './AlarmCard';
import { alarmListQuery, POPUP_LIST_QUERY } from './alarms.queries';
import { useAlarmActions } from './useAlarmActions';

/**
 * /AlarmHistorytc: unread critical alarms as cards; 我来处理 takes one (docs/alarms.md#acknowledgement-and-escalation),
 * which marks it read and drops it.
 */
export function AlarmPopupScreen() {
  const list = useQuery(alarmListQuery(POPUP_LIST_QUERY));
  const actions = useAlarmActions();
  const rows = list.data?.rows ?? [];
  const canTake = !isReadOnly();

  return (
    <Stack gap="xs" maw={480} data-testid="alarm-popup-list">
      <Group justify="space-between">
        <Title order={5}>
          <Trans>紧急报警</Trans>
        </Title>
        {canTake && rows.length > 1 && (
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => actions.acknowledge(rows.map((r) => r.id))}
            data-testid="popup-ack-all"
          >
            <Trans>全部接手</Trans>
          </Button>
        )}
      </Group>
      {!list.isPending && rows.length === 0 && (
        <Text c="dimmed" size="sm" ta="center" py="md">
          <Trans>暂无未读的紧急报警</Trans>
        </Text>
      )}
      {rows.map((row) => (
        <AlarmCard key={row.id} row={row}>
          {canTake && (
            <Button size="compact-xs" color="red" onClick={() => actions.acknowledge([row.id])} data-testid="card-ack">
              <Trans>我来处理</Trans>
            </Button>
          )}
        </AlarmCard>
      ))}
    </Stack>
  );
}
