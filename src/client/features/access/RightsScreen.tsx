import { useState } from 'react';
import { Badge, Button, Group, Modal, Select, Stack, Tabs, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import accessCardDef from '../../../entities/access-card/resource';
import accessEventDef from '../../../entities/access-event/resource';
import accessRightDef, { type Delivery, type PushState } from '../../../entities/access-right/resource';
import { DataTable, type Column } from '../../components/DataTable';
import { request, toast } from '../../lib/request';
import { hasMark } from '../../lib/session';
import { ResourceScreen, type RowAction } from '../resources/ResourceScreen';
import type { Row } from '../resources/resources.queries';
import type { ResourceSearch } from '../resources/search';
import type { RouteScreenProps } from '../screens/types';
import { deliveriesQuery, qrQuery, refreshAccess } from './access.api';
import { QrCode } from './QrCode';
import { formatDateCell } from '../../lib/dates';

const STATE_COLOR: Record<PushState, string> = {
  pending: 'gray',
  sent: 'blue',
  acknowledged: 'green',
  failed: 'red',
  retried: 'orange',
};

/**
 * /rightsManagement: who may open which door units when (rights, with visitors' QR codes), each
 * door unit's credential list and its delivery (pending, sent, acknowledged, failed, retried, with
 * re-send), the IC cards, and the access events the door units report.
 */
export function RightsScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const [tab, setTab] = useState<string | null>('rights');
  const [cards, setCards] = useState<ResourceSearch>({});
  const [events, setEvents] = useState<ResourceSearch>({});
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List mb="sm">
        <Tabs.Tab value="rights" data-testid="rights-tab-rights">{t`门禁权限`}</Tabs.Tab>
        <Tabs.Tab value="deliveries" data-testid="rights-tab-deliveries">{t`下发状态`}</Tabs.Tab>
        <Tabs.Tab value="cards" data-testid="rights-tab-cards">{t`门禁卡`}</Tabs.Tab>
        <Tabs.Tab value="events" data-testid="rights-tab-events">{t`通行记录`}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="rights">
        <RightsList {...props} />
      </Tabs.Panel>
      <Tabs.Panel value="deliveries">
        <Deliveries />
      </Tabs.Panel>
      <Tabs.Panel value="cards">
        <CardList search={cards} onSearchChange={setCards} />
      </Tabs.Panel>
      <Tabs.Panel value="events">
        <ResourceScreen
          def={accessEventDef}
          search={events}
          onSearchChange={setEvents}
          title={<Trans>通行记录</Trans>}
        />
      </Tabs.Panel>
    </Tabs>
  );
}

function RightsList(props: RouteScreenProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [qr, setQr] = useState<number | null>(null);
  const revoke = async (row: Row) => {
    try {
      await request('user', 'accessRight/revoke', { id: row.id });
      toast('success', t`已撤销，正在下发到门口机`);
      await refreshAccess(queryClient);
    } catch {
      // Shown by the request helper.
    }
  };
  const actions: RowAction[] = [
    { id: 'rightQr', title: t`二维码`, visible: (row) => Boolean(row.qrToken), run: (row) => setQr(row.id) },
    {
      id: 'rightRevoke',
      title: t`撤销`,
      color: 'red',
      mark: 'accessRight:update',
      visible: (row) => !row.revoked,
      run: (row) => void revoke(row),
    },
  ];
  const cells = { qrToken: (row: Row) => (row.qrToken ? <Badge variant="light">QR</Badge> : null) };
  return (
    <>
      <ResourceScreen
        def={accessRightDef}
        {...props}
        rowActions={actions}
        cells={cells}
        title={<Trans>门禁权限</Trans>}
      />
      <Modal opened={qr !== null} onClose={() => setQr(null)} title={t`访客二维码`} centered data-testid="right-qr">
        {qr !== null && <QrPanel id={qr} />}
      </Modal>
    </>
  );
}

function QrPanel({ id }: { id: number }) {
  const { t } = useLingui();
  const q = useQuery(qrQuery(id));
  if (!q.data) return null;
  return (
    <Stack align="center" gap="xs">
      <QrCode text={q.data.token} size={220} />
      <Text fw={600}>{q.data.name}</Text>
      <Text size="sm" c={q.data.revoked ? 'red' : 'dimmed'}>
        {q.data.revoked
          ? t`已撤销`
          : q.data.validUntil
            ? t`有效期至 ${formatDateCell(q.data.validUntil)}`
            : t`长期有效`}
      </Text>
    </Stack>
  );
}

/** The states in the order a delivery goes through them (the state column sorts by it). */
const PUSH_STATES: readonly PushState[] = ['pending', 'sent', 'retried', 'acknowledged', 'failed'];

/**
 * Every door unit's credential list and its delivery, all loaded (a tenant has tens of door units):
 * sorted and paged in the browser, filtered by state.
 */
function Deliveries() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const q = useQuery(deliveriesQuery());
  const [busy, setBusy] = useState(false);
  const [state, setState] = useState<PushState | null>(null);
  const stateLabel: Record<PushState, string> = {
    pending: t`待发送`,
    sent: t`已发送`,
    acknowledged: t`已确认`,
    failed: t`失败`,
    retried: t`已重发`,
  };
  const resend = async (deviceIds: number[]) => {
    setBusy(true);
    try {
      await request('user', 'accessRight/resend', { deviceIds });
      toast('success', t`已重新下发`);
      await queryClient.invalidateQueries({ queryKey: ['accessRight', 'deliveries'] });
    } catch {
      // Shown by the request helper.
    } finally {
      setBusy(false);
    }
  };
  const rows = q.data?.rows ?? [];
  const shown = state === null ? rows : rows.filter((r) => r.state === state);
  const canResend = hasMark('accessRight:update');
  const columns: Column<Delivery>[] = [
    {
      id: 'name',
      name: 'name',
      title: t`门口机`,
      width: 140,
      sortable: true,
      render: (r) => r.name ?? '-',
    },
    { id: 'imei', name: 'imei', title: 'IMEI', width: 160, sortable: true },
    { id: 'version', name: 'version', title: t`版本`, width: 80, sortable: true, render: (r) => `v${r.version}` },
    { id: 'credentials', name: 'credentials', title: t`凭证数`, width: 90, sortable: true, type: 'number' },
    {
      id: 'state',
      name: 'state',
      title: t`下发状态`,
      width: 140,
      sortable: true,
      sortValue: (r) => PUSH_STATES.indexOf(r.state),
      render: (r) => (
        <>
          <Badge color={STATE_COLOR[r.state]} variant="light">
            {stateLabel[r.state]}
          </Badge>
          {!r.online && (
            <Text span size="xs" c="dimmed" ml={4}>
              <Trans>离线</Trans>
            </Text>
          )}
        </>
      ),
    },
    { id: 'attempts', name: 'attempts', title: t`次数`, width: 80, sortable: true, type: 'number' },
    {
      id: 'ackAt',
      name: 'ackAt',
      title: t`设备回复`,
      width: 220,
      sortable: true,
      render: (r) => <Text size="xs">{r.ackAt ? `${r.ackMsg ?? ''} · ${formatDateCell(r.ackAt)}` : '-'}</Text>,
    },
  ];
  if (canResend)
    columns.push({
      id: 'resend',
      name: 'resend',
      title: '',
      // An action column: a phone's card shows it under the fields.
      type: 'but',
      width: 110,
      render: (r) => (
        <Button
          size="compact-xs"
          variant="subtle"
          loading={busy}
          onClick={() => void resend([r.deviceId])}
          data-testid="delivery-resend"
        >
          <Trans>重新下发</Trans>
        </Button>
      ),
    });
  return (
    <Stack gap="xs" data-testid="rights-deliveries">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          <Trans>每台门口机收到完整的凭证列表（卡号、二维码、人脸样本）及版本号；确认后生效。</Trans>
        </Text>
        <Group gap="xs">
          <Select
            w={160}
            size="xs"
            clearable
            placeholder={t`全部状态`}
            aria-label={t`下发状态`}
            data={PUSH_STATES.map((value) => ({ value, label: stateLabel[value] }))}
            value={state}
            onChange={(v) => setState(v as PushState | null)}
            data-testid="delivery-state-filter"
          />
          {canResend && rows.length > 0 && (
            <Button
              size="xs"
              variant="light"
              loading={busy}
              onClick={() => void resend(rows.filter((r) => r.state !== 'acknowledged').map((r) => r.deviceId))}
              disabled={rows.every((r) => r.state === 'acknowledged')}
            >
              <Trans>重发未确认的</Trans>
            </Button>
          )}
        </Group>
      </Group>
      <DataTable<Delivery>
        columns={columns}
        rows={shown}
        rowKey={(r) => r.deviceId}
        loading={q.isPending}
        client={{ pageSize: 50 }}
        testId="delivery-table"
        empty={<Trans>暂无下发记录</Trans>}
        rowOptions={(r) => ({ attrs: { 'data-testid': 'delivery-row', 'data-imei': r.imei, 'data-state': r.state } })}
      />
    </Stack>
  );
}

/** The IC cards, revocable: the door units get their lists again without the card. */
export function CardList({ search, onSearchChange }: RouteScreenProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const revoke = async (ids: number[]) => {
    try {
      await request('user', 'accessCard/revoke', { ids });
      toast('success', t`门禁卡已撤销，正在下发到门口机`);
      await refreshAccess(queryClient);
    } catch {
      // Shown by the request helper.
    }
  };
  const actions: RowAction[] = [
    {
      id: 'cardRevoke',
      title: t`撤销`,
      color: 'red',
      mark: 'accessCard:delete',
      visible: (row) => !row.revoked,
      run: (row) => void revoke([row.id]),
    },
  ];
  return (
    <ResourceScreen
      def={accessCardDef}
      search={search}
      onSearchChange={onSearchChange}
      rowActions={actions}
      title={<Trans>门禁卡</Trans>}
    />
  );
}
