import { useMemo, type ReactNode } from 'react';
import { Card, SimpleGrid, Text, useDirection } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { DEVICE_KIND_TABLE } from '../../../shared/codes';
import type { AlarmStats } from '../../../shared/alarms/api';
import { Chart } from '../../components/Chart';
import { useCodeLabel } from '../resources/display';
import { handlePieOption, kindBarOption, trendLineOption, typePieOption } from './statsCharts';

function ChartCard({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Card withBorder data-testid={`alarm-chart-${id}`}>
      <Text fw={600} size="sm" mb="xs">
        {title}
      </Text>
      {children}
    </Card>
  );
}

/** The four charts of /alarmTongji; loaded on its own so ECharts arrives only with them. */
export default function AlarmCharts({ stats, bucket }: { stats: AlarmStats; bucket: 'day' | 'hour' }) {
  const { t, i18n } = useLingui();
  const codeLabel = useCodeLabel();
  const rtl = useDirection().dir === 'rtl';
  const options = useMemo(
    () => ({
      type: typePieOption(stats, i18n, t`报警类型`, rtl),
      kind: kindBarOption(stats, (kind) => codeLabel(DEVICE_KIND_TABLE, kind) || kind, t`报警数`),
      handle: handlePieOption(stats, i18n, t`处理状态`, rtl),
      trend: trendLineOption(stats, bucket, t`报警数`),
    }),
    // codeLabel is a fresh closure each render; the language change arrives through i18n.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [stats, bucket, i18n, i18n.locale, t, rtl],
  );
  return (
    <>
      <ChartCard title={t`报警趋势`} id="trend">
        <Chart option={options.trend} height={260} />
      </ChartCard>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <ChartCard title={t`按报警类型`} id="type">
          <Chart option={options.type} height={280} />
        </ChartCard>
        <ChartCard title={t`按设备类型`} id="kind">
          <Chart option={options.kind} height={280} />
        </ChartCard>
        <ChartCard title={t`按处理状态`} id="handle">
          <Chart option={options.handle} height={280} />
        </ChartCard>
      </SimpleGrid>
    </>
  );
}
