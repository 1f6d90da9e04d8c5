import { NumberInput, Table, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  LIMIT_METRICS,
  LIMIT_METRIC_NAMES,
  type DeviceSettings,
  type LimitMetric,
} from '../../../shared/devices/settings';
import { errorText } from '../../lib/formErrors';
import { metricLabel } from './labels';
import { fromNumber, toNumber, type SettingsErrors } from './settingsForm';

type Limit = NonNullable<DeviceSettings['limits'][LimitMetric]>;

/** Per-metric lower/upper limit and report interval (minutes or seconds as LIMIT_METRICS says). */
export function SettingsLimits({
  limits,
  errors,
  onChange,
}: {
  limits: DeviceSettings['limits'];
  errors: SettingsErrors;
  onChange: (metric: LimitMetric, next: Limit) => void;
}) {
  const { i18n, t } = useLingui();
  return (
    <Table withTableBorder verticalSpacing={4} data-testid="settings-limits">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>
            <Trans>指标</Trans>
          </Table.Th>
          <Table.Th>
            <Trans>下限</Trans>
          </Table.Th>
          <Table.Th>
            <Trans>上限</Trans>
          </Table.Th>
          <Table.Th>
            <Trans>上报间隔</Trans>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {LIMIT_METRIC_NAMES.map((metric) => {
          const m = LIMIT_METRICS[metric];
          const limit: Limit = limits[metric] ?? { low: m.low, high: m.high, interval: 5 };
          const err = (k: string) => errorText(errors[`limits.${metric}.${k}`]);
          const set = (k: keyof Limit, v: string | number) => onChange(metric, { ...limit, [k]: toNumber(v) });
          return (
            <Table.Tr key={metric}>
              <Table.Td>
                <Text size="sm">{metricLabel(i18n, metric)}</Text>
                {m.unit && (
                  <Text size="xs" c="dimmed">
                    {m.unit}
                  </Text>
                )}
              </Table.Td>
              {(['low', 'high'] as const).map((k) => (
                <Table.Td key={k}>
                  <NumberInput
                    size="xs"
                    decimalScale={2}
                    aria-label={`${metric}.${k}`}
                    value={fromNumber(limit[k])}
                    onChange={(v) => set(k, v)}
                    error={err(k)}
                    rightSection={m.unit ? <Text size="xs">{m.unit}</Text> : undefined}
                    rightSectionWidth={m.unit.length > 2 ? 52 : 32}
                  />
                </Table.Td>
              ))}
              <Table.Td>
                <NumberInput
                  size="xs"
                  allowDecimal={false}
                  aria-label={`${metric}.interval`}
                  value={fromNumber(limit.interval)}
                  onChange={(v) => set('interval', v)}
                  error={err('interval')}
                  rightSection={<Text size="xs">{m.interval === 'min' ? t`分钟` : t`秒`}</Text>}
                  rightSectionWidth={40}
                />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
