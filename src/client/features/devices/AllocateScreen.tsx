import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { requireSelection } from '../../components/DataTable';
import { hasMark, useSession } from '../../lib/session';
import type { RouteScreenProps } from '../screens/types';
import { AllocateModal } from './AllocateModal';
import { DeviceTable } from './DeviceTable';

/** /Allocate: in-stock (or unbound, via the stock filter) devices, allocated to a tenant and department. */
export function AllocateScreen(props: RouteScreenProps) {
  useSession();
  const [allocating, setAllocating] = useState<number[] | null>(null);
  const toolbar = (selected: number[]) =>
    hasMark('device:allocate') ? (
      <Button onClick={() => requireSelection(selected, setAllocating)} data-testid="device-allocate">
        <Trans>分配选中设备</Trans>
      </Button>
    ) : (
      <Text size="sm" c="dimmed">
        <Trans>无分配权限</Trans>
      </Text>
    );
  return (
    <>
      <DeviceTable preset="allocate" {...props} toolbar={toolbar} />
      <AllocateModal ids={allocating} onClose={() => setAllocating(null)} />
    </>
  );
}
