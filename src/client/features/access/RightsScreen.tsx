import { useState } from 'react';
import { Badge, Button, Group, Modal, Stack, Table, Tabs, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import accessCardDef from '../../../entities/access-card/resource';
import accessEventDef from '../../../entities/access-event/resource';
import accessRightDef, { type PushState } from '../../../entities/access-right/resource';
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

function Deliveries() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const q = useQuery(deliveriesQuery());
  const [busy, setBusy] = useState(false);
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
  const canResend = hasMark('accessRight:update');
  return (
    <Stack gap="xs" data-testid="rights-deliveries">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          <Trans>每台门口机收到完整的凭证列表（卡号、二维码、人脸样本）及版本号；确认后生效。</Trans>
        </Text>
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
      <Table.ScrollContainer minWidth={760}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`门口机`}</Table.Th>
              <Table.Th>IMEI</Table.Th>
              <Table.Th>{t`版本`}</Table.Th>
              <Table.Th>{t`凭证数`}</Table.Th>
              <Table.Th>{t`下发状态`}</Table.Th>
              <Table.Th>{t`次数`}</Table.Th>
              <Table.Th>{t`设备回复`}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.deviceId} data-testid="delivery-row" data-imei={r.imei} data-state={r.state}>
                <Table.Td>{r.name ?? '-'}</Table.Td>
                <Table.Td>{r.imei}</Table.Td>
                <Table.Td>v{r.version}</Table.Td>
                <Table.Td>{r.credentials}</Table.Td>
                <Table.Td>
                  <Badge color={STATE_COLOR[r.state]} variant="light">
                    {stateLabel[r.state]}
                  </Badge>
                  {!r.online && (
                    <Text span size="xs" c="dimmed" ml={4}>
                      <Trans>离线</Trans>
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{r.attempts}</Table.Td>
                <Table.Td>
                  <Text size="xs">{r.ackAt ? `${r.ackMsg ?? ''} · ${formatDateCell(r.ackAt)}` : '-'}</Text>
                </Table.Td>
                <Table.Td>
                  {canResend && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      loading={busy}
                      onClick={() => void resend([r.deviceId])}
                      data-testid="delivery-resend"
                    >
                      <Trans>重新下发</Trans>
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
            {!rows.length && (
              <Table.Tr>
                <Table.Td colSpan={8}>
                  <Text size="sm" c="dimmed" ta="center">
                    <Trans>暂无下发记录</Trans>
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
