import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import unitDef from '../../../entities/unit/resource';
import { hasMark, useSession } from '../../lib/session';
import { request } from '../../lib/request';
import { StateBadge } from '../devices/cells';
import { ResourceScreen } from '../resources/ResourceScreen';
import type { RouteScreenProps } from '../screens/types';
import { DevicePicker, type PickedDevice } from '../tools/DevicePicker';
import { refreshCommunity } from './community.api';

interface DoorUnit {
  id: number;
  imei: string;
  name: string | null;
  state: number;
}
interface DoorUnitPlace {
  unitId: number;
  unitName: string;
  buildingName: string;
  communityName: string;
}

const doorUnitsQuery = (unitId: number) => ({
  queryKey: ['unit', 'doorUnits', unitId] as const,
  queryFn: () => request<DoorUnit[]>('user', 'unit/doorUnit/list', { id: unitId }),
});

/**
 * /unitManagement/:imei?: the generic list of units plus each unit's door units (installed with
 * the device picker, taken off one by one). With an IMEI the screen opens the unit that door unit
 * is installed at.
 */
export function UnitScreen({ imei, ...props }: RouteScreenProps & { imei?: string }) {
  const { t } = useLingui();
  useSession();
  const [unit, setUnit] = useState<{ id: number; name: string } | null>(null);
  const place = useQuery({
    queryKey: ['unit', 'byImei', imei],
    queryFn: () => request<DoorUnitPlace | null>('user', 'unit/doorUnit/get', { imei }),
    enabled: Boolean(imei),
  });
  useEffect(() => {
    if (place.data)
      setUnit({
        id: place.data.unitId,
        name: `${place.data.communityName} ${place.data.buildingName} ${place.data.unitName}`,
      });
  }, [place.data]);
  return (
    <Stack gap="sm">
      {imei && place.data === null && (
        <Text size="sm" c="dimmed" data-testid="unit-imei-none">
          {t`门口机 ${imei} 尚未安装到任何单元`}
        </Text>
      )}
      <ResourceScreen
        def={unitDef}
        {...props}
        rowActions={[
          { id: 'doorUnits', title: t`门口机`, run: (row) => setUnit({ id: row.id, name: String(row.name ?? '') }) },
        ]}
      />
      <DoorUnitsModal unit={unit} onClose={() => setUnit(null)} />
    </Stack>
  );
}

function DoorUnitsModal({ unit, onClose }: { unit: { id: number; name: string } | null; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<PickedDevice[]>([]);
  const doors = useQuery({ ...doorUnitsQuery(unit?.id ?? 0), enabled: Boolean(unit) });
  const canChange = hasMark('unit:update');
  const done = async () => {
    setPicked([]);
    await queryClient.invalidateQueries({ queryKey: ['unit', 'doorUnits'] });
    await refreshCommunity(queryClient);
  };
  const attach = useMutation({
    mutationFn: () =>
      request(
        'user',
        'unit/doorUnit/attach',
        { id: unit!.id, imeis: picked.map((p) => p.imei) },
        { showMessage: true },
      ),
    onSuccess: done,
  });
  const detach = useMutation({
    mutationFn: (imei: string) =>
      request('user', 'unit/doorUnit/detach', { id: unit!.id, imeis: [imei] }, { showMessage: true }),
    onSuccess: done,
  });
  return (
    <Modal
      opened={Boolean(unit)}
      onClose={onClose}
      size="xl"
      title={t`门口机：${unit?.name ?? ''}`}
      data-testid="door-units"
    >
      <Stack gap="sm">
        {(doors.data ?? []).length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>该单元还没有门口机</Trans>
          </Text>
        ) : (
          <Table striped withTableBorder data-testid="door-unit-list">
            <Table.Tbody>
              {doors.data!.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>{d.imei}</Table.Td>
                  <Table.Td>{d.name}</Table.Td>
                  <Table.Td>
                    <StateBadge state={d.state} />
                  </Table.Td>
                  <Table.Td>
                    {canChange && (
                      <Button
                        size="xs"
                        color="red"
                        variant="subtle"
                        onClick={() => detach.mutate(d.imei)}
                        data-testid={`detach-${d.imei}`}
                      >
                        <Trans>移除</Trans>
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {canChange && (
          <>
            <Title order={6}>
              <Trans>安装门口机</Trans>
            </Title>
            <DevicePicker kinds={['doorUnit']} picked={picked} onChange={setPicked} />
            <Group justify="flex-end">
              <Button
                onClick={() => attach.mutate()}
                disabled={picked.length === 0}
                loading={attach.isPending}
                data-testid="door-unit-attach"
              >
                {t`安装所选 (${picked.length})`}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
