import { useEffect, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  FileButton,
  Grid,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  thingModelSchema,
  type ModelCommand,
  type ModelMetric,
  type ThingModel,
} from '../../../shared/devices/thing-model';
import productResource from '../../../entities/device-product/resource';
import { getUser, hasMark, useSession } from '../../lib/session';
import { toast } from '../../lib/request';
import { resourceListQuery } from '../resources/resources.queries';
import { download, modelProblems } from './data-model';
import { ModelCommandsCard } from './ModelCommandsCard';
import { ModelMetricsCard } from './ModelMetricsCard';
import { saveThingModel, thingModelQuery } from './tools.queries';

export { modelProblems } from './data-model';

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
              <ModelMetricsCard draft={draft} canEdit={canEdit} err={err} change={change} setMetric={setMetric} />
              <ModelCommandsCard draft={draft} canEdit={canEdit} err={err} change={change} setCommand={setCommand} />
            </Stack>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
