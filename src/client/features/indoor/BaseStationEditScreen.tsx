import { useState } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import uwbBaseStationResource, { UWB_STATUS } from '../../../entities/uwb-base-station/resource';
import { hasMark, useSession } from '../../lib/session';
import { ResourceForm } from '../resources/ResourceForm';
import { invalidateResource } from '../resources/resources.queries';
import { FloorPlan } from './FloorPlan';
import type { Point } from './geometry';
import { moveStation, plansQuery, stationsQuery } from './indoor.queries';
import { PlanPicker, pickPlan } from './PlanPicker';
import { StationPanel, type StationPatch } from './StationPanel';
import classes from './IndoorScreen.module.css';

/**
 * /baseStationEdit: base stations on their drawing. Drag a station to move it, pick one to edit
 * X/Y/Z and status, click the empty floor to add one there. Every change is the generic update.
 */
export function BaseStationEditScreen({
  plan: planKey,
  onPlanChange,
}: {
  plan?: string;
  onPlanChange: (key: string) => void;
}) {
  useSession();
  const queryClient = useQueryClient();
  const plans = useQuery(plansQuery());
  const plan = pickPlan(plans.data, planKey);
  const stations = useQuery(stationsQuery(plan));
  const [selected, setSelected] = useState<number | null>(null);
  const [adding, setAdding] = useState<Point | null>(null);
  const canEdit = hasMark(`${uwbBaseStationResource.mark}:update`);
  const canAdd = hasMark(`${uwbBaseStationResource.mark}:add`);

  const save = useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: Partial<StationPatch> }) => moveStation(id, patch),
    // Refetch after success or refusal: a refused move snaps the marker back to the stored place.
    onSettled: () => invalidateResource(queryClient, uwbBaseStationResource.name),
  });
  const station = stations.data?.find((s) => s.id === selected);

  return (
    <Stack gap="sm" data-testid="base-station-edit">
      <Group justify="space-between">
        <Title order={4}>
          <Trans>基站编辑</Trans>
        </Title>
        <PlanPicker
          plans={plans.data ?? []}
          value={plan?.key}
          onChange={(key) => (setSelected(null), onPlanChange(key))}
        />
      </Group>
      <Text size="sm" c="dimmed">
        <Trans>拖动基站改变位置；点击基站修改坐标和状态；点击空白处在该位置新增基站。</Trans>
      </Text>
      {plan && (
        <div className={`${classes.body} ${classes.fixedStage}`}>
          <div className={classes.stage}>
            <FloorPlan
              floor={plan}
              picture={plan.picture}
              stations={stations.data ?? []}
              selectedId={selected}
              onStationSelect={setSelected}
              onStationMove={canEdit ? (id, to) => save.mutate({ id, patch: to }) : undefined}
              onFloorClick={canAdd ? (at) => setAdding(at) : undefined}
            />
          </div>
          <div className={classes.side}>
            {station && (
              <StationPanel
                station={station}
                floor={plan}
                saving={save.isPending}
                onSave={(patch) => save.mutate({ id: station.id, patch })}
              />
            )}
          </div>
        </div>
      )}
      {plan && (
        <ResourceForm
          def={uwbBaseStationResource}
          opened={adding !== null}
          initial={{
            ...adding,
            z: 0,
            status: UWB_STATUS.normal,
            floor: plan.floor,
            drawingId: plan.drawingId,
            indoorMapId: plan.drawingId ? null : plan.mapId,
          }}
          onClose={() => setAdding(null)}
        />
      )}
    </Stack>
  );
}
