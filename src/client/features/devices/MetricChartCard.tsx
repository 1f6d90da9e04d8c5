import { useMemo, type ReactNode, type Ref } from 'react';
import { Card, Center, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import type { Metric } from '../../../shared/devices/kinds';
import { modelUnitsQuery } from '../tools/tools.queries';
import { metricUnit } from './labels';
import type { ChartLabels } from './metricCharts';

// The frame the telemetry screen's charts share: a titled card, its empty state, and the labels
// (with the metric's unit) the chart options are drawn with.

export const CHART_HEIGHT = 280;

/** The metric's unit from the thing models of the scope's products (/dataModel), else the protocol's. */
export function useModelUnit(metric: Metric): string {
  const units = useQuery(modelUnitsQuery());
  return units.data?.[metric]?.unit ?? metricUnit(metric);
}

/** Labels of the charts in the reader's language, with the metric's unit. */
export function useChartLabels(metric: Metric): ChartLabels {
  const { t } = useLingui();
  const unit = useModelUnit(metric);
  return useMemo(() => ({ value: t`当前值`, max: t`上限`, min: t`下限`, unit }), [t, unit]);
}

export function ChartCard({
  title,
  extra,
  children,
  ref,
  ...rest
}: {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
  'data-testid': string;
}) {
  return (
    <Card withBorder h="100%" ref={ref} data-testid={rest['data-testid']}>
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Text fw={600}>{title}</Text>
        {extra}
      </Group>
      {children}
    </Card>
  );
}

export function ChartEmpty({ children }: { children: ReactNode }) {
  return (
    <Center h={CHART_HEIGHT}>
      <Text c="dimmed" size="sm" ta="center">
        {children}
      </Text>
    </Center>
  );
}
