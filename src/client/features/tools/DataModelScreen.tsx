import { useEffect, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Autocomplete,
  Badge,
  Button,
  Card,
  FileButton,
  Grid,
  Group,
  NavLink,
  NumberInput,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  PARAM_TYPES,
  thingModelSchema,
  UNIT_OPTIONS,
  type ModelCommand,
  type ModelMetric,
  type ThingModel,
} from '../../../shared/devices/thing-model';
import productResource from '../../../entities/device-product/resource';
import { getUser, hasMark, useSession } from '../../lib/session';
import { toast } from '../../lib/request';
import { resourceListQuery } from '../resources/resources.queries';
import { saveThingModel, thingModelQuery } from './tools.queries';

/** Problems of a model, by the path of the offending input ("metrics.2.key"). */
export function modelProblems(model: unknown): Map<string, string> {
  const parsed = thingModelSchema.safeParse(model);
  const out = new Map<string, string>();
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    if (!out.has(path)) out.set(path, issue.message);
  }
  return out;
}

const emptyMetric = (): ModelMetric => ({ key: '', name: '', unit: '', min: 0, max: 100, precision: 0 });
const emptyCommand = (): ModelCommand => ({ key: '', name: '', params: [] });

/** Downloads the model as `<product code>.thing-model.json`. */
function download(name: string, model: ThingModel): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(model, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name}.thing-model.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * /dataModel: each product's thing model, its metrics (key, name, unit, range, precision) and
 * commands (name, parameters). Everyone reads; super administrators edit, import and save.
 * The metric screens take units and ranges from here.
 */
export function DataModelScreen() {
  const { t } = useLingui();
  useSession();
  const products = useQuery(
    resourceListQuery(productResource, { page: 1, size: 100, sort: [{ field: 'sort', order: 'asc' }] }),
  );
  const [productId, setProductId] = useState<number | undefined>(undefined);
  const first = products.data?.rows[0]?.id;
  const current = productId ?? first;
  const loaded = useQuery({ ...thingModelQuery(current ?? 0), enabled: current !== undefined });
  const [draft, setDraft] = useState<ThingModel | null>(null);
  const [touched, setTouched] = useState(false);
  const queryClient = useQueryClient();
  const canEdit = hasMark('product:update') && getUser()?.kind === 'super';

  useEffect(() => {
    if (loaded.data) {
      setDraft(structuredClone(loaded.data.model));
      setTouched(false);
    }
  }, [loaded.data]);

  const save = useMutation({
    mutationFn: () => saveThingModel(current!, draft!),
    onSuccess: async () => {
      setTouched(false);
      await queryClient.invalidateQueries({ queryKey: ['thingModel'] });
    },
  });

  const problems = draft ? modelProblems(draft) : new Map<string, string>();
  const problemText = (message: string): string =>
    ({
      duplicate: t`键重复`,
      range: t`最小值须小于最大值`,
      key: t`键须以字母开头，只含字母、数字和下划线，最多32位`,
      values: t`请填写可选值`,
    })[message] ?? t`请检查此项`;
  const err = (path: string) => {
    const m = problems.get(path);
    return m ? problemText(m) : undefined;
  };
  const change = (next: ThingModel) => {
    setDraft(next);
    setTouched(true);
  };
  const setMetric = (i: number, patch: Partial<ModelMetric>) =>
    change({ ...draft!, metrics: draft!.metrics.map((m, j) => (j === i ? { ...m, ...patch } : m)) });
  const setCommand = (i: number, patch: Partial<ModelCommand>) =>
    change({ ...draft!, commands: draft!.commands.map((c, j) => (j === i ? { ...c, ...patch } : c)) });

  const importFile = async (file: File | null) => {
    if (!file) return;
    let value: unknown;
    try {
      value = JSON.parse(await file.text());
    } catch {
      toast('error', t`文件不是有效的JSON`);
      return;
    }
    const parsed = thingModelSchema.safeParse(value);
    if (!parsed.success) {
      // Shown with the problems marked, so the user can fix it here before saving.
      const raw = value as Partial<ThingModel>;
      if (Array.isArray(raw?.metrics) && Array.isArray(raw?.commands))
        change({ version: 1, metrics: raw.metrics, commands: raw.commands });
      else toast('error', t`文件不是物模型`);
      return;
    }
    change(parsed.data);
  };

  const num = (v: number | string) => (v === '' ? Number.NaN : Number(v));
  const readOnly = !canEdit;

  return (
    <Stack p="md" gap="md" data-testid="data-model">
      <Title order={3}>
        <Trans>数据模型</Trans>
      </Title>
      <Grid>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Card withBorder p="xs">
            <ScrollArea.Autosize mah={640}>
              {(products.data?.rows ?? []).map((p) => (
                <NavLink
                  key={p.id}
                  active={p.id === current}
                  label={String(p.name)}
                  description={String(p.code)}
                  onClick={() => setProductId(p.id)}
                  data-testid="model-product"
                  data-code={String(p.code)}
                />
              ))}
            </ScrollArea.Autosize>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          {draft && loaded.data && (
            <Stack gap="md">
              <Group justify="space-between">
                <Group gap="xs">
                  <Text fw={600}>{loaded.data.name}</Text>
                  <Badge variant="light">{loaded.data.code}</Badge>
                  {touched && (
                    <Badge color="orange" variant="light" data-testid="model-dirty">
                      <Trans>未保存</Trans>
                    </Badge>
                  )}
                </Group>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => download(loaded.data.code, draft)}
                    data-testid="model-export"
                  >
                    <Trans>导出JSON</Trans>
                  </Button>
                  {canEdit && (
                    <FileButton onChange={(f) => void importFile(f)} accept="application/json,.json">
                      {(props) => (
                        <Button size="xs" variant="default" {...props} data-testid="model-import">
                          <Trans>导入JSON</Trans>
                        </Button>
                      )}
                    </FileButton>
                  )}
                  {canEdit && (
                    <Button
                      size="xs"
                      disabled={!touched || problems.size > 0}
                      loading={save.isPending}
                      onClick={() => save.mutate()}
                      data-testid="model-save"
                    >
                      <Trans>保存</Trans>
                    </Button>
                  )}
                </Group>
              </Group>
              {problems.size > 0 && (
                <Alert color="red" variant="light" data-testid="model-problems">
                  <Trans>物模型有 {problems.size} 处问题，已在下方标出</Trans>
                </Alert>
              )}
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
              <Card withBorder>
                <Group justify="space-between" mb="xs">
                  <Text fw={600}>
                    <Trans>服务（指令）</Trans>
                  </Text>
                  {canEdit && (
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => change({ ...draft, commands: [...draft.commands, emptyCommand()] })}
                      data-testid="command-add"
                    >
                      <Trans>添加指令</Trans>
                    </Button>
                  )}
                </Group>
                <Stack gap="sm">
                  {draft.commands.map((c, i) => (
                    <Card key={i} withBorder p="xs" data-testid="model-command" data-key={c.key}>
                      <Group gap="xs" align="flex-start">
                        <TextInput
                          size="xs"
                          label={t`标识`}
                          readOnly={readOnly}
                          value={c.key}
                          error={err(`commands.${i}.key`)}
                          onChange={(e) => setCommand(i, { key: e.currentTarget.value })}
                        />
                        <TextInput
                          size="xs"
                          label={t`名称`}
                          readOnly={readOnly}
                          value={c.name}
                          error={err(`commands.${i}.name`) && t`请填写名称`}
                          onChange={(e) => setCommand(i, { name: e.currentTarget.value })}
                        />
                        {canEdit && (
                          <Button
                            size="xs"
                            mt={22}
                            variant="subtle"
                            onClick={() =>
                              setCommand(i, { params: [...c.params, { key: '', name: '', type: 'integer' }] })
                            }
                          >
                            <Trans>添加参数</Trans>
                          </Button>
                        )}
                        {canEdit && (
                          <ActionIcon
                            mt={24}
                            variant="subtle"
                            color="red"
                            aria-label={t`删除`}
                            onClick={() => change({ ...draft, commands: draft.commands.filter((_, j) => j !== i) })}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        )}
                      </Group>
                      {c.params.map((p, k) => {
                        const setParam = (patch: Partial<typeof p>) =>
                          setCommand(i, { params: c.params.map((q, j) => (j === k ? { ...q, ...patch } : q)) });
                        const base = `commands.${i}.params.${k}`;
                        return (
                          <Group key={k} gap="xs" mt="xs" ms="md" align="flex-start">
                            <TextInput
                              size="xs"
                              w={110}
                              placeholder={t`参数标识`}
                              readOnly={readOnly}
                              value={p.key}
                              error={err(`${base}.key`)}
                              onChange={(e) => setParam({ key: e.currentTarget.value })}
                            />
                            <TextInput
                              size="xs"
                              w={110}
                              placeholder={t`参数名称`}
                              readOnly={readOnly}
                              value={p.name}
                              error={err(`${base}.name`) && t`请填写名称`}
                              onChange={(e) => setParam({ name: e.currentTarget.value })}
                            />
                            <Select
                              size="xs"
                              w={100}
                              readOnly={readOnly}
                              data={[...PARAM_TYPES]}
                              value={p.type}
                              allowDeselect={false}
                              onChange={(v) => v && setParam({ type: v as typeof p.type })}
                            />
                            {p.type === 'enum' ? (
                              <TextInput
                                size="xs"
                                w={220}
                                placeholder={t`可选值，用逗号分隔`}
                                readOnly={readOnly}
                                value={(p.values ?? []).join(',')}
                                error={err(`${base}.values`)}
                                onChange={(e) =>
                                  setParam({
                                    values: e.currentTarget.value
                                      .split(',')
                                      .map((v) => v.trim())
                                      .filter(Boolean),
                                  })
                                }
                              />
                            ) : (
                              (p.type === 'integer' || p.type === 'number') && (
                                <>
                                  <NumberInput
                                    size="xs"
                                    w={90}
                                    placeholder={t`最小值`}
                                    readOnly={readOnly}
                                    value={p.min ?? ''}
                                    onChange={(v) => setParam({ min: v === '' ? undefined : Number(v) })}
                                  />
                                  <NumberInput
                                    size="xs"
                                    w={90}
                                    placeholder={t`最大值`}
                                    readOnly={readOnly}
                                    value={p.max ?? ''}
                                    error={err(`${base}.max`)}
                                    onChange={(v) => setParam({ max: v === '' ? undefined : Number(v) })}
                                  />
                                </>
                              )
                            )}
                            {canEdit && (
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={t`删除`}
                                onClick={() => setCommand(i, { params: c.params.filter((_, j) => j !== k) })}
                              >
                                <IconTrash size={16} />
                              </ActionIcon>
                            )}
                          </Group>
                        );
                      })}
                    </Card>
                  ))}
                </Stack>
              </Card>
            </Stack>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
