import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconMaximize } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UwbTag } from '../../../shared/indoor';
import { FloorPlan } from './FloorPlan';
import { plansQuery, stationsQuery } from './indoor.queries';
import { PlanPicker, pickPlan } from './PlanPicker';
import { useUwbTags } from './useUwbTags';
import classes from './IndoorScreen.module.css';
import { formatDateCell } from '../../lib/dates';

interface IndoorScreenProps {
  plan?: string;
  onPlanChange: (key: string) => void;
  /** /uwbfull: the floor alone, without the tag list. */
  full?: boolean;
}

/** /indoorMap, /uwb and /uwbfull: a floor with its base stations and the UWB tags moving live. */
export function IndoorScreen({ plan: planKey, onPlanChange, full = false }: IndoorScreenProps) {
  const { t } = useLingui();
  const plans = useQuery(plansQuery());
  const plan = pickPlan(plans.data, planKey);
  const stations = useQuery(stationsQuery(plan));
  const tags = useUwbTags(plan?.floor);
  const toFull = () => void document.documentElement.requestFullscreen?.().catch(() => undefined);

  return (
    <div className={classes.root} data-testid="indoor-screen">
      <Group justify="space-between" wrap="wrap">
        <PlanPicker plans={plans.data ?? []} value={plan?.key} onChange={onPlanChange} />
        <Group gap="xs">
          <Badge variant="light" data-testid="tag-count">
            <Trans>在线标签 {tags.length}</Trans>
          </Badge>
          <Badge variant="light" color="gray">
            <Trans>基站 {stations.data?.length ?? 0}</Trans>
          </Badge>
          {full && (
            <Tooltip label={t`全屏`}>
              <ActionIcon variant="default" aria-label={t`全屏`} onClick={toFull}>
                <IconMaximize size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
      {plans.isSuccess && !plan && (
        <Text c="dimmed">
          <Trans>还没有室内地图或图纸，请先在图纸库中添加。</Trans>
        </Text>
      )}
      {plan && (
        <div className={classes.body}>
          <div className={classes.stage}>
            <FloorPlan floor={plan} picture={plan.picture} stations={stations.data ?? []} tags={tags} />
          </div>
          {!full && <TagList tags={tags} />}
        </div>
      )}
    </div>
  );
}

function TagList({ tags }: { tags: UwbTag[] }) {
  return (
    <Paper withBorder p="xs" className={classes.side}>
      <Stack gap={4}>
        <Text fw={600} size="sm">
          <Trans>UWB标签</Trans>
        </Text>
        {tags.length === 0 && (
          <Text size="sm" c="dimmed">
            <Trans>暂无定位数据</Trans>
          </Text>
        )}
        {tags.map((tag) => (
          <Text key={tag.imei} size="xs" data-testid="tag-row">
            {tag.name || tag.imei} · X {tag.x.toFixed(2)} · Y {tag.y.toFixed(2)} · {formatDateCell(tag.ts).slice(11)}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
