import { useMemo, useState } from 'react';
import { ActionIcon, Button, Card, Drawer, Group, MultiSelect, NumberInput, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import freightTemplateDef from '../../../entities/freight-template/resource';
import { regionsQuery } from '../../components/RegionSelector/regions';
import { request } from '../../lib/request';
import { hasMark } from '../../lib/session';
import { ResourceScreen } from '../resources/ResourceScreen';
import type { Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';

interface Rule {
  regions: string[];
  firstUnit: number | string;
  firstPrice: number | string;
  addUnit: number | string;
  addPrice: number | string;
  freeAmount?: number | string | null;
}

const blank = (): Rule => ({ regions: [], firstUnit: 1, firstPrice: 0, addUnit: 1, addPrice: 0, freeAmount: null });

/** Client-side checks matching freightTemplate/setRules: regions chosen, none in two rules, numbers in range. */
export function ruleErrors(
  rules: Rule[],
  msg: { required: string; twice: (r: string) => string; unit: string },
): Record<string, string> {
  const errors: Record<string, string> = {};
  const seen = new Map<string, number>();
  rules.forEach((r, i) => {
    if (!r.regions.length) errors[`${i}.regions`] = msg.required;
    for (const region of r.regions) {
      if (seen.has(region)) errors[`${i}.regions`] = msg.twice(region);
      seen.set(region, i);
    }
    if (!(Number(r.firstUnit) > 0)) errors[`${i}.firstUnit`] = msg.unit;
    if (!(Number(r.addUnit) > 0)) errors[`${i}.addUnit`] = msg.unit;
  });
  return errors;
}

/** The per-region rules of one template in a drawer: regions (provinces or cities of the bundled data), first/additional units and prices, a free-shipping threshold. */
function RulesDrawer({ row, onClose }: { row: Row; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { data: regions = [] } = useQuery(regionsQuery);
  const options = useMemo(
    () =>
      regions.map((p) => ({
        group: p.name,
        items: [p.name, ...p.cityList.filter((c) => c.name !== p.name).map((c) => `${p.name}/${c.name}`)],
      })),
    [regions],
  );
  const [rules, setRules] = useState<Rule[]>(() =>
    ((row.rules as Rule[] | undefined) ?? []).map((r) => ({ ...blank(), ...r })),
  );
  const [tried, setTried] = useState(false);
  const errors = ruleErrors(rules, {
    required: t`请选择地区`,
    twice: (r) => t`地区 ${r} 出现在两条规则中`,
    unit: t`须大于 0`,
  });
  const save = useMutation({
    mutationFn: () =>
      request(
        'mall',
        'freightTemplate/setRules',
        {
          id: row.id,
          rules: rules.map((r) => ({
            regions: r.regions,
            firstUnit: Number(r.firstUnit),
            firstPrice: Number(r.firstPrice) || 0,
            addUnit: Number(r.addUnit),
            addPrice: Number(r.addPrice) || 0,
            freeAmount: r.freeAmount === '' || r.freeAmount == null ? null : Number(r.freeAmount),
          })),
        },
        { showMessage: true },
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries();
      onClose();
    },
  });
  const set = (i: number, patch: Partial<Rule>) =>
    setRules((all) => all.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  const err = (key: string) => (tried ? errors[key] : undefined);
  return (
    <Drawer opened onClose={onClose} position="right" size="xl" title={t`地区运费规则：${String(row.name ?? '')}`}>
      <Stack data-testid="freight-rules">
        <Text size="sm" c="dimmed">
          <Trans>所选地区按下列规则计费，其余地区使用模板的默认规则。</Trans>
        </Text>
        {rules.map((r, i) => (
          <Card key={i} withBorder data-testid={`freight-rule-${i}`}>
            <Group align="flex-start" wrap="nowrap">
              <Stack gap="xs" style={{ flex: 1 }}>
                <MultiSelect
                  label={t`地区`}
                  data={options}
                  value={r.regions}
                  onChange={(v) => set(i, { regions: v })}
                  searchable
                  clearable
                  error={err(`${i}.regions`)}
                  data-testid={`freight-rule-regions-${i}`}
                />
                <Group grow>
                  <NumberInput
                    label={t`首件/首重`}
                    min={0}
                    decimalScale={2}
                    value={r.firstUnit}
                    onChange={(v) => set(i, { firstUnit: v })}
                    error={err(`${i}.firstUnit`)}
                  />
                  <NumberInput
                    label={t`首费（元）`}
                    min={0}
                    decimalScale={2}
                    value={r.firstPrice}
                    onChange={(v) => set(i, { firstPrice: v })}
                  />
                  <NumberInput
                    label={t`续件/续重`}
                    min={0}
                    decimalScale={2}
                    value={r.addUnit}
                    onChange={(v) => set(i, { addUnit: v })}
                    error={err(`${i}.addUnit`)}
                  />
                  <NumberInput
                    label={t`续费（元）`}
                    min={0}
                    decimalScale={2}
                    value={r.addPrice}
                    onChange={(v) => set(i, { addPrice: v })}
                  />
                  <NumberInput
                    label={t`满额包邮（元）`}
                    min={0}
                    decimalScale={2}
                    value={r.freeAmount ?? ''}
                    onChange={(v) => set(i, { freeAmount: v === '' ? null : v })}
                    placeholder={t`不包邮`}
                  />
                </Group>
              </Stack>
              <ActionIcon
                variant="subtle"
                color="red"
                mt={24}
                aria-label={t`删除规则`}
                onClick={() => setRules((all) => all.filter((_, k) => k !== i))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Card>
        ))}
        <Group justify="space-between">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => setRules((all) => [...all, blank()])}
            data-testid="freight-rule-add"
          >
            <Trans>添加地区规则</Trans>
          </Button>
          <Button
            loading={save.isPending}
            data-testid="freight-rules-save"
            onClick={() => {
              setTried(true);
              if (!Object.keys(errors).length) save.mutate();
            }}
          >
            <Trans>保存</Trans>
          </Button>
        </Group>
      </Stack>
    </Drawer>
  );
}

/** /FreightTemplate: the generic list plus the per-region rules editor (freightTemplate/setRules) in a drawer from a row. */
export function FreightTemplateScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const [editing, setEditing] = useState<Row | null>(null);
  return (
    <>
      <ResourceScreen
        def={freightTemplateDef}
        {...props}
        rowActions={
          hasMark('freightTemplate:update')
            ? [{ id: 'freightRules', title: t`地区规则`, run: (row) => setEditing(row) }]
            : []
        }
      />
      {editing && <RulesDrawer row={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
