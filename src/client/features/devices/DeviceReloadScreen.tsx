import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { DEVICE_STATE } from '../../../shared/codes';
import type { CommandAnswer } from '../../../shared/devices/api';
import { requireSelection } from '../../components/DataTable';
import { RequestError, request } from '../../lib/request';
import type { RouteScreenProps } from '../screens/types';
import { invalidateResource, resourceKeys, type Row } from '../resources/resources.queries';
import { DeviceTable } from './DeviceTable';
import { confirmDanger } from '../../components/ConfirmDanger';

interface Outcome {
  id: number;
  imei: string;
  ok: boolean;
  text: ReactNode;
}

/** Select devices and restart each online one, showing every device's result. */
export function DeviceReloadScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const [running, setRunning] = useState(false);

  const rowsOf = (ids: number[]): Row[] => {
    const lists = queryClient.getQueriesData<{ rows: Row[] }>({ queryKey: [...resourceKeys.all('device'), 'list'] });
    const all = new Map(lists.flatMap(([, data]) => data?.rows ?? []).map((r) => [r.id, r]));
    return ids.map((id) => all.get(id)).filter((r): r is Row => Boolean(r));
  };

  const restart = async (rows: Row[]) => {
    setRunning(true);
    const results: Outcome[] = [];
    for (const row of rows) {
      const imei = String(row.imei);
      if (row.state !== DEVICE_STATE.online) {
        results.push({ id: row.id, imei, ok: false, text: <Trans>设备离线，已跳过</Trans> });
        continue;
      }
      try {
        await request<CommandAnswer>('device', 'command/send', { imei, cmd: 'restart', params: {} }, { quiet: true });
        results.push({ id: row.id, imei, ok: true, text: <Trans>重启指令已下发</Trans> });
      } catch (error) {
        results.push({
          id: row.id,
          imei,
          ok: false,
          text: error instanceof RequestError ? error.message : String(error),
        });
      }
      setOutcomes([...results]);
    }
    setOutcomes(results);
    setRunning(false);
    await invalidateResource(queryClient, 'command');
  };

  const toolbar = (selected: number[]) => (
    <Button
      color="orange"
      loading={running}
      data-testid="device-reload"
      onClick={() =>
        requireSelection(
          selected,
          (ids) =>
            void confirmDanger({ message: t`确定要重启选中的 ${ids.length} 台设备吗？`, confirmLabel: t`重启` }).then(
              (ok) => ok && void restart(rowsOf(ids)),
            ),
        )
      }
    >
      <Trans>批量重启</Trans>
    </Button>
  );

  return (
    <Stack gap="md">
      <DeviceTable preset="restart" {...props} toolbar={toolbar} />
      {outcomes.length > 0 && (
        <Card withBorder data-testid="reload-results">
          <Group justify="space-between" mb="xs">
            <Text fw={600}>
              <Trans>重启结果</Trans>
            </Text>
            <Button size="compact-xs" variant="subtle" onClick={() => setOutcomes([])}>
              <Trans>清除</Trans>
            </Button>
          </Group>
          <Table>
            <Table.Tbody>
              {outcomes.map((o) => (
                <Table.Tr key={o.id}>
                  <Table.Td ff="monospace">{o.imei}</Table.Td>
                  <Table.Td>
                    <Badge color={o.ok ? 'green' : 'gray'} variant="light">
                      {o.ok ? t`成功` : t`未执行`}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{o.text}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      )}
    </Stack>
  );
}
