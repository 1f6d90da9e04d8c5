import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { DELIVERY, DELIVERY_TABLE } from '../../../shared/codes';
import type { CommandAnswer } from '../../../shared/devices/api';
import type { ListResult } from '../../../shared/resources/list';
import { DataTable, requireSelection, type Column } from '../../components/DataTable';
import { serverMessage } from '../../i18n/serverMessages';
import { request, RequestError } from '../../lib/request';
import { hasMark, useSession } from '../../lib/session';
import { DeviceTable } from '../devices/DeviceTable';
import { DELIVERY_COLOR } from '../devices/labels';
import { commandAcksQuery } from '../tools/tools.queries';
import { useCodeLabel } from '../resources/display';
import { invalidateResource, resourceKeys, type Row } from '../resources/resources.queries';
import type { RowAction } from '../resources/ResourceScreen';
import type { RouteScreenProps } from '../screens/types';
import { useTenantPush } from '../../live/useTenantPush';
import { dashboardPushSchema } from '../../../shared/dashboard';
import { tenantDashboardTopic } from '../../../shared/topics';
import { commandOf, refusalOf, type BreakerAction } from './breakerActions';
import { confirmDanger } from '../../components/ConfirmDanger';
import { formatDateCell } from '../../lib/dates';

const ACTION_TEXT: Record<BreakerAction, { title: MessageDescriptor; verb: MessageDescriptor; color: string }> = {
  open: { title: msg`分闸`, verb: msg`分闸`, color: 'red' },
  close: { title: msg`合闸`, verb: msg`合闸`, color: 'teal' },
  lock: { title: msg`锁定`, verb: msg`锁定`, color: 'orange' },
  unlock: { title: msg`解锁`, verb: msg`解锁`, color: 'blue' },
};

/** One breaker's part of a confirmed action: the command sent, or why it was not. */
interface Delivery {
  imei: string;
  name: string;
  commandId?: number;
  refused?: string;
}

/** How long after a device's answer the list follows its state reports. */
const STATE_WAIT_MS = 30_000;

const actionVerb = (i18n: I18n, action: BreakerAction) => i18n._(ACTION_TEXT[action].verb);

/**
 * One screen for /cutoff, /closegate, /lockdie and /lockundie: the tenant's breakers with their
 * switch, lock and readings, and the route's action on one or many, each confirmed first; the
 * deliveries follow the devices' acks as they come.
 */
export function BreakerScreen({ action, ...props }: RouteScreenProps & { action: BreakerAction }) {
  const { t, i18n } = useLingui();
  useSession();
  const queryClient = useQueryClient();
  const [deliveries, setDeliveries] = useState<Delivery[]>([]);
  const [sending, setSending] = useState(false);
  const allowed = hasMark('device:command');
  const verb = actionVerb(i18n, action);

  const run = async (rows: Row[]) => {
    setSending(true);
    const out: Delivery[] = [];
    try {
      for (const row of rows) {
        const d: Delivery = { imei: String(row.imei), name: String(row.name ?? row.imei) };
        const refusal = refusalOf({ state: row.state, gatewayState: row.gatewayState, locked: row.locked }, action);
        if (refusal) d.refused = serverMessage(refusal, refusal);
        else {
          try {
            const answer = await request<CommandAnswer>(
              'device',
              'command/send',
              { imei: d.imei, ...commandOf(action) },
              { quiet: true },
            );
            d.commandId = answer.id;
          } catch (err) {
            d.refused = err instanceof RequestError ? serverMessage(err.key, err.message) : (err as Error).message;
          }
        }
        out.push(d);
        setDeliveries([...out]);
      }
    } finally {
      setSending(false);
      await invalidateResource(queryClient, 'command');
    }
  };

  const confirmRun = (rows: Row[]) => {
    if (rows.length === 0) return;
    const message =
      rows.length === 1
        ? t`确定要对断路器 ${String(rows[0]!.name ?? rows[0]!.imei)} 执行${verb}吗？`
        : t`确定要对选中的 ${rows.length} 台断路器执行${verb}吗？`;
    void confirmDanger({ message, confirmLabel: verb }).then((ok) => ok && void run(rows));
  };

  /** The selected rows of the page on screen (the list query holds them). */
  const rowsOf = (ids: number[]): Row[] => {
    const seen = new Map<number, Row>();
    for (const [, data] of queryClient.getQueriesData<ListResult<Row>>({ queryKey: resourceKeys.all('device') })) {
      for (const r of data?.rows ?? []) if (ids.includes(r.id)) seen.set(r.id, r);
    }
    return ids.flatMap((id) => seen.get(id) ?? []);
  };

  const rowActions: RowAction[] = [
    {
      id: `breaker-${action}`,
      title: verb,
      color: ACTION_TEXT[action].color,
      mark: 'device:command',
      run: (row) => confirmRun([row]),
    },
  ];
  const toolbar = (selected: number[]) =>
    allowed && (
      <Button
        color={ACTION_TEXT[action].color}
        loading={sending}
        onClick={() => requireSelection(selected, (ids) => confirmRun(rowsOf(ids)))}
        data-testid="breaker-bulk"
      >
        <Trans>批量{verb}</Trans>
      </Button>
    );

  return (
    <Stack gap="sm" data-testid={`breaker-screen-${action}`}>
      {(action === 'open' || action === 'close') && (
        <Alert color="orange" variant="light" data-testid="breaker-lock-note">
          <Trans>已锁定的断路器在解锁前拒绝分闸和合闸；离线的设备或网关离线的设备无法下发指令。</Trans>
        </Alert>
      )}
      <DeviceTable
        preset="breaker"
        {...props}
        rowActions={rowActions}
        toolbar={toolbar}
        title={<Title order={4}>{i18n._(ACTION_TEXT[action].title)}</Title>}
      />
      {deliveries.length > 0 && <Deliveries deliveries={deliveries} action={action} />}
    </Stack>
  );
}

/** The confirmed action's commands: delivery state and the device's answer, polled until every one has it. */
function Deliveries({ deliveries, action }: { deliveries: Delivery[]; action: BreakerAction }) {
  const { t, i18n } = useLingui();
  const codeLabel = useCodeLabel();
  const queryClient = useQueryClient();
  const ids = deliveries.flatMap((d) => (d.commandId ? [d.commandId] : []));
  const acks = useQuery(commandAcksQuery(ids));
  const byId = new Map((acks.data ?? []).map((r) => [r.id, r]));
  const acked = ids.filter((id) => byId.get(id)?.ackAt).length;
  const answerOf = (d: Delivery) => (d.commandId ? byId.get(d.commandId) : undefined);
  const columns: Column<Delivery>[] = [
    { id: 'name', name: 'name', title: t`设备`, width: 140 },
    { id: 'imei', name: 'imei', title: 'IMEI', width: 160 },
    {
      id: 'status',
      name: 'status',
      title: t`下发状态`,
      width: 110,
      render: (d) => {
        const r = answerOf(d);
        return d.refused ? (
          <Badge color="red" variant="light" data-testid="breaker-refused">
            {t`未下发`}
          </Badge>
        ) : (
          <Badge color={DELIVERY_COLOR[Number(r?.status ?? DELIVERY.notSent)] ?? 'gray'} variant="light">
            {codeLabel(DELIVERY_TABLE, r?.status ?? DELIVERY.notSent)}
          </Badge>
        );
      },
    },
    {
      id: 'answer',
      name: 'answer',
      title: t`设备回复`,
      width: 220,
      render: (d) => {
        const r = answerOf(d);
        return d.refused ? (
          <Text size="sm" c="red" data-testid="breaker-refusal">
            {d.refused}
          </Text>
        ) : r?.ackAt ? (
          <Text
            size="sm"
            c={r.ackOk === false || r.status === DELIVERY.failed ? 'red' : undefined}
            data-testid="breaker-ack"
          >
            {r.ackMsg || t`已确认`} · {formatDateCell(r.ackAt)}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {r?.status === DELIVERY.failed ? t`发送失败` : t`等待回复`}
          </Text>
        );
      },
    },
  ];

  // Each new answer moved a breaker, and its state report follows the ack. The list refetches now,
  // and again whenever the tenant's readings change (push 9040: stored reports) in the next
  // STATE_WAIT_MS, since the report may be stored after the first refetch.
  const seen = useRef(0);
  const lastAckAt = useRef(0);
  useEffect(() => {
    if (acked <= seen.current) return;
    seen.current = acked;
    lastAckAt.current = Date.now();
    const timer = setTimeout(() => void invalidateResource(queryClient, 'device'), 600);
    return () => clearTimeout(timer);
  }, [acked, queryClient]);
  useTenantPush(tenantDashboardTopic, dashboardPushSchema, (push) => {
    if (push.parts.includes('readings') && Date.now() - lastAckAt.current < STATE_WAIT_MS)
      void invalidateResource(queryClient, 'device');
  });

  return (
    <Card withBorder data-testid="breaker-deliveries">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>
          <Trans>
            {actionVerb(i18n, action)}指令：已回复 {acked} / {ids.length}
          </Trans>
        </Text>
      </Group>
      <DataTable<Delivery>
        columns={columns}
        rows={deliveries}
        rowKey={(d) => `${d.imei}-${d.commandId ?? 'refused'}`}
        compact
        testId="breaker-delivery-table"
        rowOptions={(d) => {
          const r = answerOf(d);
          return {
            attrs: {
              'data-testid': 'breaker-delivery',
              'data-imei': d.imei,
              'data-acked': r?.ackAt ? (r.status === DELIVERY.failed ? 'nack' : 'ack') : 'no',
            },
          };
        }}
      />
    </Card>
  );
}
