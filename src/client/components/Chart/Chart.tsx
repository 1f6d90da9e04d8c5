import { lazy, Suspense } from 'react';
import { Skeleton } from '@mantine/core';
import type { ChartProps } from './types';

// ECharts (about 200 KB gzipped with the used parts) loads with the first chart drawn, never with the shell.
const EChart = lazy(() => import('./EChart'));

/** An ECharts chart for any option; the seven typed kinds (kinds.tsx) build their option and draw through it. */
export function Chart(props: ChartProps) {
  const height = props.height ?? 280;
  return (
    <Suspense fallback={<Skeleton h={height} w="100%" data-testid="chart-loading" />}>
      <EChart {...props} />
    </Suspense>
  );
}
