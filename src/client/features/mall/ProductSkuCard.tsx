import type { Dispatch, SetStateAction } from 'react';
import { Button, Card, Group, NumberInput, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { specText, type SkuInput } from '../../../shared/product-sku';
import type { Row } from '../resources/resources.queries';
import { fenOf, yuanOf, type SpecDraft } from './product-form';

type Defaults = { price: number | string; stock: number | string };

/**
 * The card of a product's specifications on the /AddProduct form: up to 3 spec lines (typed or from a template
 * of /ProductSpecifications), the default price and stock, and the SKU matrix they make.
 */
export function ProductSkuCard({
  templates,
  specs,
  setSpecs,
  skus,
  setSku,
  defaults,
  setDefaults,
  applyDefaults,
  error,
}: {
  templates: Row[] | undefined;
  specs: SpecDraft[];
  setSpecs: Dispatch<SetStateAction<SpecDraft[]>>;
  skus: SkuInput[];
  setSku: (i: number, patch: Partial<SkuInput>) => void;
  defaults: Defaults;
  setDefaults: Dispatch<SetStateAction<Defaults>>;
  applyDefaults: () => void;
  error: string | undefined;
}) {
  const { t } = useLingui();
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>
            <Trans>规格与SKU</Trans>
          </Text>
          <Group gap="xs">
            <Select
              placeholder={t`从规格模板添加`}
              data={(templates ?? []).map((r) => ({
                value: String(r.id),
                label: `${String(r.name)}：${String(r.values)}`,
              }))}
              value={null}
              onChange={(v) => {
                const tpl = templates?.find((r) => String(r.id) === v);
                if (tpl && specs.length < 3)
                  setSpecs((l) => [...l, { name: String(tpl.name), text: String(tpl.values) }]);
              }}
              w={260}
              data-testid="spec-template"
            />
            <Button
              variant="light"
              disabled={specs.length >= 3}
              onClick={() => setSpecs((l) => [...l, { name: '', text: '' }])}
              data-testid="spec-add"
            >
              <Trans>添加规格</Trans>
            </Button>
          </Group>
        </Group>
        {specs.map((s, i) => (
          <Group key={i} align="flex-end">
            <TextInput
              label={t`规格名称`}
              value={s.name}
              onChange={(e) => {
                const v = e.currentTarget.value;
                setSpecs((l) => l.map((x, k) => (k === i ? { ...x, name: v } : x)));
              }}
              w={160}
              data-testid={`spec-name-${i}`}
            />
            <TextInput
              label={t`规格值（逗号分隔）`}
              value={s.text}
              onChange={(e) => {
                const v = e.currentTarget.value;
                setSpecs((l) => l.map((x, k) => (k === i ? { ...x, text: v } : x)));
              }}
              style={{ flex: 1 }}
              data-testid={`spec-values-${i}`}
            />
            <Button variant="subtle" color="red" onClick={() => setSpecs((l) => l.filter((_, k) => k !== i))}>
              <Trans>删除</Trans>
            </Button>
          </Group>
        ))}
        <Group align="flex-end">
          <NumberInput
            label={t`统一价格（元）`}
            min={0}
            decimalScale={2}
            value={defaults.price}
            onChange={(v) => setDefaults((d) => ({ ...d, price: v }))}
            w={150}
          />
          <NumberInput
            label={t`统一库存`}
            min={0}
            allowDecimal={false}
            value={defaults.stock}
            onChange={(v) => setDefaults((d) => ({ ...d, stock: v }))}
            w={150}
          />
          <Button variant="default" onClick={applyDefaults}>
            <Trans>批量填充</Trans>
          </Button>
        </Group>
        <Table withTableBorder data-testid="sku-matrix">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>规格</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>SKU编码</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>价格（元）</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>库存</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {skus.map((s, i) => (
              <Table.Tr key={specText(s.specs)} data-testid="sku-row">
                <Table.Td>{specText(s.specs)}</Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    value={s.code ?? ''}
                    placeholder={t`自动生成`}
                    onChange={(e) => setSku(i, { code: e.currentTarget.value })}
                    maxLength={64}
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    size="xs"
                    min={0}
                    decimalScale={2}
                    value={yuanOf(s.priceFen)}
                    onChange={(v) => setSku(i, { priceFen: fenOf(v || 0) })}
                    data-testid={`sku-price-${i}`}
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    size="xs"
                    min={0}
                    allowDecimal={false}
                    value={s.stock}
                    onChange={(v) => setSku(i, { stock: Number(v) || 0 })}
                    data-testid={`sku-stock-${i}`}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {error && (
          <Text c="red" size="sm">
            {error}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
