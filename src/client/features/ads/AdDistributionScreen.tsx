import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Modal, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconRefresh, IconX } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import adDeliveryDef from '../../../entities/ad-delivery/resource';
import adPlayDef from '../../../entities/ad-play/resource';
import adDef, { AD_MARK_DISTRIBUTE, AD_REVIEW } from '../../../entities/advertisement/resource';
import type { BatchCommandResult } from '../../../shared/devices/api';
import { request } from '../../lib/request';
import { ResourceScreen } from '../resources/ResourceScreen';
import { invalidateResource, type Row } from '../resources/resources.queries';
import type { ResourceSearch } from '../resources/search';
import type { RouteScreenProps } from '../screens/types';
import { BatchResults } from '../tools/BatchResults';
import { DevicePicker } from '../tracks/DevicePicker';
import { adCells } from './AdManagementScreen';
import { PlayStats } from './AdPlayStats';
import { confirmDanger } from '../../components/ConfirmDanger';

interface AdDeliveryResult {
  imei: string;
  deliveryId?: number;
  commandId?: number;
  status?: number;
  key?: string;
}

const asBatch = (results: AdDeliveryResult[]): BatchCommandResult[] =>
  results.map((r) => ({ imei: r.imei, id: r.commandId, status: r.status, key: r.key }));

/**
 * /advertisingdistribution: passed ads go to door-unit screens (their communities' and units'
 * door units, or units picked here) as device commands whose delivery and acknowledgement show
 * per unit; re-send and withdraw; and what the units report playing, per ad and per unit.
 */
export function AdDistributionScreen(props: RouteScreenProps) {
  const [tab, setTab] = useState<string | null>('ads');
  return (
    <Stack gap="sm">
      <Title order={4}>
        <Trans>广告投放</Trans>
      </Title>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="ads" data-testid="tab-ads">
            <Trans>投放广告</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="deliveries" data-testid="tab-deliveries">
            <Trans>投放记录</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="stats" data-testid="tab-stats">
            <Trans>播放统计</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="plays" data-testid="tab-plays">
            <Trans>播放记录</Trans>
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="ads">
          <AdsToDistribute {...props} />
        </Tabs.Panel>
        <Tabs.Panel value="deliveries">
          <Deliveries />
        </Tabs.Panel>
        <Tabs.Panel value="stats">
          <PlayStats />
        </Tabs.Panel>
        <Tabs.Panel value="plays">
          <LocalList def={adPlayDef} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function LocalList({ def, ...rest }: Omit<Parameters<typeof ResourceScreen>[0], 'search' | 'onSearchChange'>) {
  const [search, setSearch] = useState<ResourceSearch>({});
  return <ResourceScreen def={def} search={search} onSearchChange={setSearch} {...rest} />;
}

function AdsToDistribute(props: RouteScreenProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<Row | null>(null);
  const [results, setResults] = useState<AdDeliveryResult[] | null>(null);
  const withdraw = useMutation({
    mutationFn: (row: Row) =>
      request<{ results: AdDeliveryResult[] }>('user', 'advertisement/withdraw', { id: row.id }, { showMessage: true }),
    onSuccess: async (answer) => {
      setResults(answer.results);
      await invalidateResource(queryClient, adDef.name);
      await invalidateResource(queryClient, adDeliveryDef.name);
    },
  });
  const distributable = (row: Row) => row.reviewState === AD_REVIEW.passed || row.reviewState === AD_REVIEW.delivered;
  return (
    <Stack gap="sm">
      <ResourceScreen
        def={adDef}
        {...props}
        canChange={false}
        cells={adCells}
        title={null}
        rowActions={[
          {
            id: 'distribute',
            title: t`投放`,
            color: 'blue',
            mark: AD_MARK_DISTRIBUTE,
            visible: distributable,
            run: (row) => setTarget(row),
          },
          {
            id: 'withdraw',
            title: t`撤回`,
            color: 'orange',
            mark: AD_MARK_DISTRIBUTE,
            visible: (row) => row.reviewState === AD_REVIEW.delivered,
            run: (row) =>
              void confirmDanger({
                message: t`确定要从门口机撤回广告“${String(row.title)}”吗？`,
                confirmLabel: t`撤回`,
              }).then((ok) => ok && withdraw.mutate(row)),
          },
        ]}
      />
      {results && <BatchResults results={asBatch(results)} />}
      <Modal
        opened={target !== null}
        onClose={() => setTarget(null)}
        title={<Trans>投放广告</Trans>}
        size="lg"
        data-testid="ad-distribute"
      >
        {target && (
          <DistributeForm
            ad={target}
            onDone={(r) => {
              setResults(r);
              setTarget(null);
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}

/** The ad's own targets (its communities' and units' door units), or door units picked here. */
function DistributeForm({ ad, onDone }: { ad: Row; onDone: (results: AdDeliveryResult[]) => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [imeis, setImeis] = useState<string[]>([]);
  const targeted =
    (Array.isArray(ad.communityIds) && ad.communityIds.length > 0) ||
    (Array.isArray(ad.unitIds) && ad.unitIds.length > 0);
  const send = useMutation({
    mutationFn: () =>
      request<{ results: AdDeliveryResult[] }>(
        'user',
        'advertisement/distribute',
        { id: ad.id, ...(imeis.length ? { imeis } : {}) },
        { showMessage: true },
      ),
    onSuccess: async (answer) => {
      onDone(answer.results);
      await invalidateResource(queryClient, adDef.name);
      await invalidateResource(queryClient, adDeliveryDef.name);
    },
  });
  return (
    <Stack gap="sm">
      <Text fw={600}>{String(ad.title)}</Text>
      <Text size="sm" c="dimmed">
        {targeted ? (
          <Trans>不选门口机时，投放到广告所选小区和单元的全部门口机。</Trans>
        ) : (
          <Trans>广告未设置投放小区或单元，请选择门口机。</Trans>
        )}
      </Text>
      <DevicePicker
        kind="doorUnit"
        value={undefined}
        onChange={(imei) => setImeis((prev) => (prev.includes(imei) ? prev : [...prev, imei]))}
      />
      <Group gap={6} data-testid="ad-picked">
        {imeis.map((imei) => (
          <Badge
            key={imei}
            variant="light"
            rightSection={
              <ActionIcon
                size="xs"
                variant="transparent"
                aria-label={t`移除`}
                onClick={() => setImeis((prev) => prev.filter((i) => i !== imei))}
              >
                <IconX size={12} />
              </ActionIcon>
            }
          >
            {imei}
          </Badge>
        ))}
      </Group>
      <Group justify="flex-end">
        <Button
          disabled={!targeted && imeis.length === 0}
          loading={send.isPending}
          onClick={() => send.mutate()}
          data-testid="ad-distribute-submit"
        >
          <Trans>投放</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

function Deliveries() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [results, setResults] = useState<AdDeliveryResult[] | null>(null);
  const refresh = () => invalidateResource(queryClient, adDeliveryDef.name);
  const resend = useMutation({
    mutationFn: (row: Row) =>
      request<{ results: AdDeliveryResult[] }>(
        'user',
        'advertisement/resend',
        { ids: [row.id] },
        { showMessage: true },
      ),
    onSuccess: async (answer) => {
      setResults(answer.results);
      await refresh();
    },
  });
  const withdraw = useMutation({
    mutationFn: (row: Row) =>
      request<{ results: AdDeliveryResult[] }>(
        'user',
        'advertisement/withdraw',
        { id: row.adId, deliveryIds: [row.id] },
        { showMessage: true },
      ),
    onSuccess: async (answer) => {
      setResults(answer.results);
      await refresh();
      await invalidateResource(queryClient, adDef.name);
    },
  });
  return (
    <Stack gap="sm">
      <LocalList
        def={adDeliveryDef}
        title={null}
        toolbar={() => (
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => void refresh()}
            data-testid="ad-deliveries-refresh"
          >
            <Trans>刷新</Trans>
          </Button>
        )}
        rowActions={[
          {
            id: 'resend',
            title: t`重新发送`,
            color: 'blue',
            mark: AD_MARK_DISTRIBUTE,
            visible: (row) => !row.withdrawn,
            run: (row) => resend.mutate(row),
          },
          {
            id: 'withdrawOne',
            title: t`撤回`,
            color: 'orange',
            mark: AD_MARK_DISTRIBUTE,
            visible: (row) => !row.withdrawn,
            run: (row) => withdraw.mutate(row),
          },
        ]}
      />
      {results && <BatchResults results={asBatch(results)} />}
    </Stack>
  );
}
