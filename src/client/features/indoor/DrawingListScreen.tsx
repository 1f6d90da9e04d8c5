import { useMemo, useState } from 'react';
import { Anchor, Badge, Card, Group, Image, ScrollArea, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { FloorPlan } from './FloorPlan';
import { plansQuery, stationsQuery, type Plan } from './indoor.queries';
import { useUwbTags } from './useUwbTags';
import classes from './IndoorScreen.module.css';

/** Filters the gallery by title words and by kind (UWB drawings or plain ones). */
export function filterPlans(plans: readonly Plan[], keyword: string, kind: 'all' | 'uwb' | 'normal'): Plan[] {
  const words = keyword.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return plans.filter(
    (p) =>
      p.drawingId !== null &&
      (kind === 'all' || (kind === 'uwb') === p.uwb) &&
      words.every((w) => `${p.title} ${p.floor ?? ''}`.toLowerCase().includes(w)),
  );
}

/**
 * /drawingList1 (map layout): the drawings as a gallery of floor-plan previews; the chosen one
 * shows its floor with its base stations and the UWB tags on it, live. Editing stays in the
 * drawing library (/drawingList).
 */
export function DrawingListScreen({ onManage }: { onManage?: () => void }) {
  const { t } = useLingui();
  const plans = useQuery(plansQuery());
  const [keyword, setKeyword] = useState('');
  const [kind, setKind] = useState<'all' | 'uwb' | 'normal'>('all');
  const shown = useMemo(() => filterPlans(plans.data ?? [], keyword, kind), [plans.data, keyword, kind]);
  const [chosen, setChosen] = useState<string | null>(null);
  const plan = shown.find((p) => p.key === chosen) ?? shown[0];
  const stations = useQuery(stationsQuery(plan));
  const tags = useUwbTags(plan?.floor);

  return (
    <div className={classes.root} data-testid="drawing-list1">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <TextInput
            size="xs"
            w={220}
            placeholder={t`搜索项目、楼栋、楼层`}
            aria-label={t`搜索图纸`}
            value={keyword}
            onChange={(e) => setKeyword(e.currentTarget.value)}
            data-testid="drawing-search"
          />
          <SegmentedControl
            size="xs"
            value={kind}
            onChange={(v) => setKind(v as typeof kind)}
            data={[
              { value: 'all', label: t`全部` },
              { value: 'uwb', label: 'UWB' },
              { value: 'normal', label: t`普通` },
            ]}
            data-testid="drawing-kind"
          />
          <Badge variant="light" data-testid="drawing-count">
            <Trans>图纸 {shown.length}</Trans>
          </Badge>
        </Group>
        {onManage && (
          <Anchor component="button" size="sm" onClick={onManage} data-testid="drawing-manage">
            <Trans>在图纸库中管理</Trans>
          </Anchor>
        )}
      </Group>
      {plans.isSuccess && shown.length === 0 && (
        <Text c="dimmed" data-testid="drawing-empty">
          <Trans>没有符合条件的图纸</Trans>
        </Text>
      )}
      <div className={classes.body}>
        <ScrollArea className={classes.side} type="auto">
          <Stack gap="xs" pe="xs">
            {shown.map((p) => (
              <Card
                key={p.key}
                withBorder
                padding="xs"
                role="button"
                aria-pressed={p.key === plan?.key}
                style={{
                  cursor: 'pointer',
                  borderColor: p.key === plan?.key ? 'var(--mantine-primary-color-filled)' : undefined,
                }}
                onClick={() => setChosen(p.key)}
                data-testid="drawing-card"
                data-key={p.key}
              >
                {p.picture && (
                  <Card.Section>
                    <Image src={p.picture} h={100} fit="contain" alt={p.title} loading="lazy" />
                  </Card.Section>
                )}
                <Text size="sm" fw={600} mt={4} lineClamp={2}>
                  {p.title || '-'}
                </Text>
                <Group gap={4}>
                  {p.uwb && (
                    <Badge size="xs" color="grape">
                      UWB
                    </Badge>
                  )}
                  {p.floor && (
                    <Badge size="xs" variant="light">
                      {p.floor}
                    </Badge>
                  )}
                  <Text size="xs" c="dimmed">{`${p.width} × ${p.height} m`}</Text>
                </Group>
              </Card>
            ))}
          </Stack>
        </ScrollArea>
        {plan && (
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600} data-testid="drawing-title">
                {plan.title}
              </Text>
              <Badge variant="light" color="gray" data-testid="drawing-stations">
                <Trans>基站 {stations.data?.length ?? 0}</Trans>
              </Badge>
              <Badge variant="light" data-testid="drawing-tags">
                <Trans>在线标签 {tags.length}</Trans>
              </Badge>
            </Group>
            <div className={classes.stage}>
              <FloorPlan floor={plan} picture={plan.picture} stations={stations.data ?? []} tags={tags} />
            </div>
          </Stack>
        )}
      </div>
    </div>
  );
}
