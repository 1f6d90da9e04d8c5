import { useState } from 'react';
import { Button } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { STOCK_STATE } from '../../../shared/codes';
import { requireSelection } from '../../components/DataTable';
import { OnceOpened } from '../../components/OnceOpened';
import { lazyScreen } from '../../lib/chunks';
import { hasMark, useSession } from '../../lib/session';
import { isSuperAdmin } from '../org/org.api';
import type { RowAction } from '../resources/ResourceScreen';
import type { Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { useDeviceAction } from './devices.queries';
import { DeviceTable } from './DeviceTable';
import { confirmDanger } from '../../components/ConfirmDanger';

const AllocateModal = lazyScreen(() => import('./AllocateModal').then((m) => m.AllocateModal));
const BindModal = lazyScreen(() => import('./BindModal').then((m) => m.BindModal));

export interface DeviceScreenProps extends RouteScreenProps {
  /** Opens the device detail screen (the route wires navigation). */
  onOpenDetail?: (imei: string) => void;
}

/** Admin device list: the engine's screen plus state cells, detail/bind/unbind/recycle and the stock toolbar. */
export function DeviceScreen({ onOpenDetail, ...props }: DeviceScreenProps) {
  const { t } = useLingui();
  useSession();
  const [allocating, setAllocating] = useState<number[] | null>(null);
  const [binding, setBinding] = useState<Row | null>(null);
  const recycle = useDeviceAction<{ ids: number[] }>('device/recycle');
  const unbind = useDeviceAction<{ ids: number[] }>('device/unbind');
  const stockIn = useDeviceAction<{ ids: number[] }>('device/stockIn');
  const canStock = hasMark('device:allocate');

  const confirmRecycle = (ids: number[]) =>
    void confirmDanger({ message: t`确定要回收选中的 ${ids.length} 台设备吗？`, confirmLabel: t`回收` }).then(
      (ok) => ok && recycle.mutate({ ids }),
    );

  const actions: RowAction[] = [
    { id: 'profile', title: t`设备详情`, color: 'blue', run: (row) => onOpenDetail?.(String(row.imei)) },
    {
      id: 'bind',
      title: t`绑定`,
      mark: 'device:allocate',
      visible: (row) => row.stockState !== STOCK_STATE.bound && row.stockState !== STOCK_STATE.recycled,
      run: setBinding,
    },
    {
      id: 'unbind',
      title: t`解绑`,
      color: 'orange',
      mark: 'device:allocate',
      visible: (row) => row.stockState === STOCK_STATE.bound,
      run: (row) =>
        void confirmDanger({ message: t`确定要解绑该设备吗？`, confirmLabel: t`解绑` }).then(
          (ok) => ok && unbind.mutate({ ids: [row.id] }),
        ),
    },
    {
      id: 'recycle',
      title: t`回收`,
      color: 'red',
      mark: 'device:allocate',
      visible: (row) => row.stockState !== STOCK_STATE.recycled,
      run: (row) => confirmRecycle([row.id]),
    },
  ];

  const toolbar = (selected: number[]) =>
    canStock && (
      <>
        <Button variant="light" onClick={() => requireSelection(selected, setAllocating)} data-testid="device-allocate">
          <Trans>分配</Trans>
        </Button>
        {isSuperAdmin() && (
          <Button
            variant="light"
            color="teal"
            loading={stockIn.isPending}
            onClick={() => requireSelection(selected, (ids) => stockIn.mutate({ ids }))}
            data-testid="device-stock-in"
          >
            <Trans>入库</Trans>
          </Button>
        )}
        <Button
          variant="light"
          color="red"
          loading={recycle.isPending}
          onClick={() => requireSelection(selected, confirmRecycle)}
          data-testid="device-bulk-recycle"
        >
          <Trans>批量回收</Trans>
        </Button>
      </>
    );

  return (
    <>
      <DeviceTable preset="admin" {...props} rowActions={actions} toolbar={toolbar} />
      <OnceOpened when={allocating !== null}>
        <AllocateModal ids={allocating} onClose={() => setAllocating(null)} />
      </OnceOpened>
      <OnceOpened when={binding !== null}>
        <BindModal device={binding} onClose={() => setBinding(null)} />
      </OnceOpened>
    </>
  );
}
