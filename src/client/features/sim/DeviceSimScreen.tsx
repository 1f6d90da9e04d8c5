import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import simCardDef, { SIM_MARK_BIND } from '../../../entities/sim-card/resource';
import deviceResource from '../../../entities/device/resource';
import { request, RequestError, toast } from '../../lib/request';
import { hasMark } from '../../lib/session';
import { ResourceScreen } from '../resources/ResourceScreen';
import { invalidateResource, resourceListQuery, type Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { DevicePicker } from '../tracks/DevicePicker';
import { SimStateBadge } from './simCells';
import { confirmDanger } from '../../components/ConfirmDanger';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * /DeviceSim: which card sits in which device. 绑定 pairs a card with a device of the company
 * (picked by name or IMEI); 解绑 asks first; 查询 finds a device's card by its IMEI ("no bound
 * card number" when it has none).
 */
export function DeviceSimScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [binding, setBinding] = useState<{ cardId: string | null; imei: string | undefined } | null>(null);
  const [busy, setBusy] = useState(false);
  const [lookup, setLookup] = useState('');
  const [found, setFound] = useState<{ card?: Row; message?: string } | null>(null);
  const cards = useQuery({
    ...resourceListQuery(simCardDef, { page: 1, size: 200, sort: [{ field: 'id', order: 'desc' }] }),
    enabled: binding !== null,
  });
  const canBind = hasMark(SIM_MARK_BIND);

  const refresh = () => invalidateResource(queryClient, simCardDef.name);

  const bind = async () => {
    if (!binding?.cardId || !binding.imei) return;
    setBusy(true);
    try {
      await request<Row>('iot', 'simCard/bind', { id: Number(binding.cardId), imei: binding.imei }, { quiet: true });
      toast('success', t`已绑定`);
      setBinding(null);
      await refresh();
    } catch (error) {
      toast('error', errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const unbind = async (row: Row) => {
    const ok = await confirmDanger({
      message: t`确定要解除 ${String(row.iccid)} 与设备 ${String(row.imei ?? '')} 的绑定吗？`,
      confirmLabel: t`解绑`,
    });
    if (!ok) return;
    try {
      await request('iot', 'simCard/unbind', { id: row.id }, { quiet: true });
      toast('success', t`已解绑`);
    } catch (error) {
      toast('error', errorText(error));
    }
    await refresh();
  };

  const find = async () => {
    const imei = lookup.trim();
    if (!imei) return;
    setFound(null);
    try {
      const devices = await request<{ rows: Row[] }>(
        'device',
        `${deviceResource.name}/list`,
        { page: 1, size: 20, keyword: imei },
        { quiet: true },
      );
      const device = devices.rows.find((d) => String(d.imei) === imei);
      if (!device) {
        setFound({ message: t`设备不存在` });
        return;
      }
      const card = await request<Row>('iot', 'simCard/byDevice', { deviceId: device.id }, { quiet: true });
      setFound({ card });
    } catch (error) {
      setFound({ message: error instanceof RequestError || error instanceof Error ? error.message : String(error) });
    }
  };

  const cardOptions = ((cards.data?.rows ?? []) as Row[]).map((c) => ({
    value: String(c.id),
    label: `${String(c.iccid)}${c.imei ? ` · ${String(c.imei)}` : ''}`,
  }));

  return (
    <>
      <ResourceScreen
        def={simCardDef}
        {...props}
        title={<Trans>设备绑卡</Trans>}
        cells={{
          state: (row: Row) => <SimStateBadge state={row.state} id={row.id} />,
          imei: (row: Row) => (
            <Text size="sm" data-testid={`sim-imei-${row.id}`}>
              {row.imei ? String(row.imei) : '—'}
            </Text>
          ),
        }}
        rowActions={[
          {
            id: 'bind',
            title: t`绑定`,
            color: 'teal',
            mark: SIM_MARK_BIND,
            visible: (row) => !row.deviceId,
            run: (row) => setBinding({ cardId: String(row.id), imei: undefined }),
          },
          {
            id: 'unbind',
            title: t`解绑`,
            color: 'red',
            mark: SIM_MARK_BIND,
            visible: (row) => !!row.deviceId,
            run: (row) => void unbind(row),
          },
        ]}
        toolbar={() => (
          <Group gap="xs">
            <TextInput
              placeholder={t`设备IMEI`}
              value={lookup}
              onChange={(e) => setLookup(e.currentTarget.value)}
              onKeyDown={(e) => e.key === 'Enter' && void find()}
              w={180}
              data-testid="sim-lookup-imei"
            />
            <Button variant="light" onClick={() => void find()} data-testid="sim-lookup">
              <Trans>查询绑定卡</Trans>
            </Button>
            {canBind && (
              <Button onClick={() => setBinding({ cardId: null, imei: undefined })} data-testid="sim-bind-open">
                <Trans>绑定</Trans>
              </Button>
            )}
          </Group>
        )}
      />
      {found && (
        <Alert
          color={found.card ? 'teal' : 'orange'}
          withCloseButton
          onClose={() => setFound(null)}
          mt="sm"
          data-testid="sim-lookup-result"
        >
          {found.card ? (
            <Text size="sm">
              <Trans>绑定的卡</Trans>: ICCID <span data-testid="sim-lookup-iccid">{String(found.card.iccid)}</span> ·{' '}
              <Trans>接入号</Trans> {String(found.card.msisdn ?? '—')}
            </Text>
          ) : (
            <Text size="sm">{found.message}</Text>
          )}
        </Alert>
      )}
      <Modal
        opened={binding !== null}
        onClose={() => setBinding(null)}
        title={<Trans>绑定SIM卡</Trans>}
        data-testid="sim-bind"
      >
        <Stack gap="sm">
          <Select
            label={<Trans>SIM卡</Trans>}
            data={cardOptions}
            value={binding?.cardId ?? null}
            onChange={(v) => setBinding((b) => (b ? { ...b, cardId: v } : b))}
            searchable
            data-testid="sim-bind-card"
          />
          <div>
            <Text size="sm" fw={500} mb={4}>
              <Trans>设备</Trans>
            </Text>
            <DevicePicker value={binding?.imei} onChange={(imei) => setBinding((b) => (b ? { ...b, imei } : b))} />
          </div>
          <Button
            onClick={() => void bind()}
            loading={busy}
            disabled={!binding?.cardId || !binding.imei}
            data-testid="sim-bind-ok"
          >
            <Trans>确定</Trans>
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
