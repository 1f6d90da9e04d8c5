import { ActionIcon, Autocomplete, Button, Card, Group, NumberInput, Table, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { UNIT_OPTIONS, type ModelMetric, type ThingModel } from '../../../shared/devices/thing-model';
import { emptyMetric } from './data-model';

/** The metrics (properties) card of the /dataModel screen: one row per metric of the draft. */
export function ModelMetricsCard({
  draft,
  canEdit,
  err,
  change,
  setMetric,
}: {
  draft: ThingModel;
  canEdit: boolean;
  /** the translated problem of the input at this path, if any */
  err: (path: string) => string | undefined;
  change: (next: ThingModel) => void;
  setMetric: (i: number, patch: Partial<ModelMetric>) => void;
}) {
  const { t } = useLingui();
  const num = (v: number | string) => (v === '' ? Number.NaN : Number(v));
  const readOnly = !canEdit;
  return (
    <Card withBorder>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>
          <Trans>属性（指标）</Trans>
        </Text>
        {canEdit && (
          <Button
            size="xs"
            variant="light"
            onClick={() => change({ ...draft, metrics: [...draft.metrics, emptyMetric()] })}
            data-testid="metric-add"
          >
            <Trans>添加指标</Trans>
          </Button>
        )}
      </Group>
      <Table.ScrollContainer minWidth={760}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`标识`}</Table.Th>
              <Table.Th>{t`名称`}</Table.Th>
              <Table.Th>{t`单位`}</Table.Th>
              <Table.Th>{t`最小值`}</Table.Th>
              <Table.Th>{t`最大值`}</Table.Th>
              <Table.Th>{t`精度（小数位）`}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {draft.metrics.map((m, i) => (
              <Table.Tr key={i} data-testid="metric-row" data-key={m.key}>
                <Table.Td>
                  <TextInput
                    size="xs"
                    readOnly={readOnly}
                    value={m.key}
                    error={err(`metrics.${i}.key`)}
                    onChange={(e) => setMetric(i, { key: e.currentTarget.value })}
                    data-testid="metric-key"
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    readOnly={readOnly}
                    value={m.name}
                    error={err(`metrics.${i}.name`) && t`请填写名称`}
                    onChange={(e) => setMetric(i, { name: e.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <Autocomplete
                    size="xs"
                    w={100}
                    readOnly={readOnly}
                    data={[...UNIT_OPTIONS]}
                    value={m.unit}
                    onChange={(v) => setMetric(i, { unit: v })}
                    data-testid="metric-unit"
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    size="xs"
                    w={100}
                    readOnly={readOnly}
                    value={m.min}
                    onChange={(v) => setMetric(i, { min: num(v) })}
                    error={err(`metrics.${i}.min`) && t`请填写数字`}
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    size="xs"
                    w={100}
                    readOnly={readOnly}
                    value={m.max}
                    onChange={(v) => setMetric(i, { max: num(v) })}
                    error={err(`metrics.${i}.max`)}
                    data-testid="metric-max"
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    size="xs"
                    w={80}
                    readOnly={readOnly}
                    min={0}
                    max={6}
                    allowDecimal={false}
                    value={m.precision}
                    onChange={(v) => setMetric(i, { precision: num(v) })}
                    error={err(`metrics.${i}.precision`) && t`0到6`}
                  />
                </Table.Td>
                <Table.Td>
                  {canEdit && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t`删除`}
                      onClick={() => change({ ...draft, metrics: draft.metrics.filter((_, j) => j !== i) })}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
