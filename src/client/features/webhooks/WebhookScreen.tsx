import { useState } from 'react';
import { Badge, Button, Drawer, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import webhookDef from '../../../entities/webhook/resource';
import { INTEGRATION_EVENT_TABLE } from '../../../shared/integration-events';
import type { WebhookDelivery, WebhookSendResult } from '../../../shared/webhooks';
import { request, toast } from '../../lib/request';
import { hasMark } from '../../lib/session';
import { useCodeLabel } from '../resources/display';
import { ResourceScreen } from '../resources/ResourceScreen';
import type { Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { formatDateCell } from '../../lib/dates';

const PAGE = 20;

/** The outcome of a delivery made now, as a toast: status, time and the answer's first characters. */
function useSendToast() {
  const { t } = useLingui();
  return (r: WebhookSendResult) => {
    const status = r.status === null ? t`无应答` : String(r.status);
    const text = t`状态 ${status}，耗时 ${r.durationMs} ms`;
    toast(r.ok ? 'success' : 'error', r.excerpt ? `${text}: ${r.excerpt.slice(0, 120)}` : text);
  };
}

/** One endpoint's deliveries (the last 1,000 are kept): time, event, status, duration, answer; send again, send a test event. */
function DeliveriesDrawer({ row, onClose }: { row: Row; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const id = Number(row.id);
  const key = ['webhook-deliveries', id, page];
  const list = useQuery({
    queryKey: key,
    queryFn: () =>
      request<{ total: number; rows: WebhookDelivery[] }>('integration', 'webhook/deliveries', {
        id,
        page,
        size: PAGE,
      }),
  });
  const shown = useSendToast();
  const codeLabel = useCodeLabel();
  const canSend = hasMark('webhook:update');
  const send = useMutation({
    mutationFn: (deliveryId?: number) =>
      deliveryId === undefined
        ? request<WebhookSendResult>('integration', 'webhook/test', { id })
        : request<WebhookSendResult>('integration', 'webhook/sendAgain', { id, deliveryId }),
    onSuccess: async (r) => {
      shown(r);
      await queryClient.invalidateQueries({ queryKey: ['webhook-deliveries', id] });
    },
  });
  const state = (d: WebhookDelivery) =>
    d.state === 1 ? (
      <Badge color="green">{t`已送达`}</Badge>
    ) : d.state === 2 ? (
      <Badge color="red">{t`失败`}</Badge>
    ) : (
      <Badge color="yellow">{t`待重试`}</Badge>
    );
  return (
    <Drawer opened onClose={onClose} position="right" size="xl" title={t`推送记录：${String(row.name ?? '')}`}>
      <Stack data-testid="webhook-deliveries">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            <Trans>保留最近 1,000 条；失败的推送在 24 小时内自动重试。</Trans>
          </Text>
          {canSend && (
            <Button
              loading={send.isPending && send.variables === undefined}
              disabled={send.isPending && send.variables !== undefined}
              onClick={() => send.mutate(undefined)}
              data-testid="webhook-test"
            >
              <Trans>发送测试事件</Trans>
            </Button>
          )}
        </Group>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`时间`}</Table.Th>
              <Table.Th>{t`事件`}</Table.Th>
              <Table.Th>{t`状态`}</Table.Th>
              <Table.Th>{t`HTTP 状态`}</Table.Th>
              <Table.Th>{t`耗时(ms)`}</Table.Th>
              <Table.Th>{t`尝试次数`}</Table.Th>
              <Table.Th>{t`应答摘要`}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(list.data?.rows ?? []).map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>{formatDateCell(d.lastAt ?? d.createdAt)}</Table.Td>
                <Table.Td>
                  {d.eventType === 'test' ? t`测试事件` : codeLabel(INTEGRATION_EVENT_TABLE, d.eventType)}
                </Table.Td>
                <Table.Td>{state(d)}</Table.Td>
                <Table.Td>{d.status ?? '-'}</Table.Td>
                <Table.Td>{d.durationMs ?? '-'}</Table.Td>
                <Table.Td>{d.attempts}</Table.Td>
                <Table.Td style={{ maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {d.excerpt ?? ''}
                </Table.Td>
                <Table.Td>
                  {canSend && (
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => send.mutate(d.id)}
                      loading={send.isPending && send.variables === d.id}
                      disabled={send.isPending && send.variables !== d.id}
                      data-testid="webhook-send-again"
                    >
                      <Trans>重新发送</Trans>
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {list.data && list.data.total === 0 && (
          <Text c="dimmed" size="sm" data-testid="webhook-deliveries-empty">
            <Trans>还没有推送记录：订阅的事件发生时，或点击“发送测试事件”后，推送会出现在这里。</Trans>
          </Text>
        )}
        {(list.data?.total ?? 0) > PAGE && (
          <Pagination value={page} onChange={setPage} total={Math.ceil((list.data?.total ?? 0) / PAGE)} />
        )}
      </Stack>
    </Drawer>
  );
}

/** /webhookList: the generic list of endpoints plus each one's deliveries in a drawer (docs/integrations.md). */
export function WebhookScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState<Row | null>(null);
  return (
    <>
      <ResourceScreen
        def={webhookDef}
        {...props}
        rowActions={[{ id: 'deliveries', title: t`推送记录`, run: (row) => setOpen(row) }]}
      />
      {open && <DeliveriesDrawer row={open} onClose={() => setOpen(null)} />}
    </>
  );
}
