import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  Image,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { PRODUCT_STATUS } from '../../../entities/product/resource';
import {
  mergeMatrix,
  skuProblem,
  specText,
  splitValues,
  type SkuInput,
  type SpecLine,
} from '../../../shared/product-sku';
import { UploadButton } from '../../components/Upload';
import { request, RequestError } from '../../lib/request';
import { serverMessage } from '../../i18n/serverMessages';
import { invalidateResource, refOptionsQuery, type Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';

interface ProductDetail {
  id: number;
  name: string;
  subtitle: string | null;
  categoryId: number | null;
  merchantId: number | null;
  images: string[];
  description: string | null;
  status: number;
  weightG: number;
  specs: SpecLine[];
  skus: (SkuInput & { id: number })[];
}

const yuanOf = (fen: number) => fen / 100;
const fenOf = (yuan: number | string) => Math.round(Number(yuan) * 100);

/**
 * /AddProduct (?id= edits): the product's fields, its pictures (uploaded through
 * ossUser/addOssHederImg; the first is the cover; at least one), its specification lines (typed
 * or taken from a template of /ProductSpecifications) and the SKU matrix they make, with a price
 * and stock per SKU. Saved in one call (mall/mallProduct/save or /edit).
 */
export function AddProductScreen(_props: RouteScreenProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const editId =
    Number(new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search).get('id') ?? NaN) ||
    undefined;
  const categories = useQuery(refOptionsQuery({ kind: 'mall', resource: 'mallCategory' }));
  const merchants = useQuery(refOptionsQuery({ kind: 'mall', resource: 'merchant' }));
  const templates = useQuery(refOptionsQuery({ kind: 'mall', resource: 'productSpec' }));
  const [name, setName] = useState('');
  const [subtitle, setSubtitle] = useState('');
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [merchantId, setMerchantId] = useState<string | null>(null);
  const [images, setImages] = useState<string[]>([]);
  const [imageUrl, setImageUrl] = useState('');
  const [description, setDescription] = useState('');
  const [weightG, setWeightG] = useState<number | string>(0);
  const [status, setStatus] = useState<string>(String(PRODUCT_STATUS.on));
  const [specs, setSpecs] = useState<{ name: string; text: string }[]>([]);
  const [skus, setSkus] = useState<SkuInput[]>([{ specs: {}, priceFen: 0, stock: 0, code: '' }]);
  const [defaults, setDefaults] = useState({ price: 0 as number | string, stock: 0 as number | string });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);

  const lines: SpecLine[] = useMemo(
    () =>
      specs.map((s) => ({ name: s.name.trim(), values: splitValues(s.text) })).filter((s) => s.name && s.values.length),
    [specs],
  );

  // Editing: load the product once.
  useEffect(() => {
    if (!editId) return;
    void request<ProductDetail>('mall', 'mallProduct/detail', { id: editId }).then((p) => {
      setName(p.name);
      setSubtitle(p.subtitle ?? '');
      setCategoryId(p.categoryId ? String(p.categoryId) : null);
      setMerchantId(p.merchantId ? String(p.merchantId) : null);
      setImages(p.images);
      setDescription(p.description ?? '');
      setWeightG(p.weightG);
      setStatus(String(p.status));
      setSpecs(p.specs.map((s) => ({ name: s.name, text: s.values.join(',') })));
      setSkus(
        p.skus.map((s) => ({
          id: s.id,
          specs: s.specs,
          priceFen: s.priceFen,
          stock: s.stock,
          code: s.code,
          image: s.image,
          status: s.status,
        })),
      );
    });
  }, [editId]);

  // The matrix follows the product's spec lines, keeping what was typed for combinations that remain.
  const key = JSON.stringify(lines);
  useEffect(() => {
    setSkus((prev) =>
      mergeMatrix(lines, prev, { priceFen: fenOf(defaults.price || 0), stock: Number(defaults.stock) || 0 }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const upload = async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    setUploading(true);
    try {
      const url = String(
        await request<string>('user', 'ossUser/addOssHederImg', form, { upload: true, timeoutMs: 120_000 }),
      );
      setImages((list) => [...list, url]);
    } catch {
      // The call helper already showed why.
    } finally {
      setUploading(false);
    }
  };

  const setSku = (i: number, patch: Partial<SkuInput>) =>
    setSkus((list) => list.map((s, k) => (k === i ? { ...s, ...patch } : s)));
  const applyDefaults = () =>
    setSkus((list) =>
      list.map((s) => ({ ...s, priceFen: fenOf(defaults.price || 0), stock: Number(defaults.stock) || 0 })),
    );

  const validate = (): boolean => {
    const e: Record<string, string> = {};
    if (!name.trim()) e.name = t`请输入商品名称`;
    if (!categoryId) e.categoryId = t`请选择商品分类`;
    if (!images.length) e.images = serverMessage('productImageRequired', 'Image or picture must not be empty');
    const problem = skuProblem(lines, skus);
    if (problem) e.skus = serverMessage(problem, problem);
    setErrors(e);
    return !Object.keys(e).length;
  };

  const save = async () => {
    if (!validate()) return;
    setBusy(true);
    const body = {
      name: name.trim(),
      subtitle: subtitle.trim() || null,
      categoryId: Number(categoryId),
      merchantId: merchantId ? Number(merchantId) : null,
      images,
      description: description.trim() || null,
      weightG: Number(weightG) || 0,
      status: Number(status),
      specs: lines,
      skus: skus.map((s) => ({ ...s, code: s.code?.trim() || null })),
    };
    try {
      await request('mall', editId ? 'mallProduct/edit' : 'mallProduct/save', editId ? { id: editId, ...body } : body);
      await invalidateResource(queryClient, 'mallProduct');
      await invalidateResource(queryClient, 'productSku');
      void navigate({ to: '/productManage' as string });
    } catch (err) {
      if (err instanceof RequestError) setErrors((prev) => ({ ...prev, form: err.message }));
    } finally {
      setBusy(false);
    }
  };

  const options = (rows: Row[] | undefined) =>
    (rows ?? []).map((r) => ({ value: String(r.id), label: String(r.name) }));

  return (
    <Stack gap="md" maw={1100} data-testid="add-product">
      <Title order={4}>{editId ? <Trans>编辑商品</Trans> : <Trans>添加商品</Trans>}</Title>
      {errors.form && <Alert color="red">{errors.form}</Alert>}
      <Card withBorder>
        <Stack gap="sm">
          <Group grow align="flex-start">
            <TextInput
              label={t`商品名称`}
              withAsterisk
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
              maxLength={100}
              data-testid="product-name"
            />
            <TextInput
              label={t`副标题`}
              value={subtitle}
              onChange={(e) => setSubtitle(e.currentTarget.value)}
              maxLength={200}
            />
          </Group>
          <Group grow align="flex-start">
            <Select
              label={t`商品分类`}
              withAsterisk
              data={options(categories.data)}
              value={categoryId}
              onChange={setCategoryId}
              error={errors.categoryId}
              searchable
              data-testid="product-category"
            />
            <Select
              label={t`所属商户`}
              placeholder={t`官方自营`}
              data={options(merchants.data)}
              value={merchantId}
              onChange={setMerchantId}
              clearable
              searchable
            />
            <Select
              label={t`状态`}
              data={[
                { value: String(PRODUCT_STATUS.on), label: t`上架` },
                { value: String(PRODUCT_STATUS.off), label: t`下架` },
              ]}
              value={status}
              onChange={(v) => setStatus(v ?? String(PRODUCT_STATUS.off))}
            />
            <NumberInput label={t`重量（克）`} min={0} max={1_000_000} value={weightG} onChange={setWeightG} />
          </Group>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              <Trans>商品图片</Trans>{' '}
              <Text span c="red">
                *
              </Text>{' '}
              <Text span size="xs" c="dimmed">
                <Trans>第一张为封面，最多9张</Trans>
              </Text>
            </Text>
            <Group gap="xs">
              {images.map((src, i) => (
                <Stack key={`${src}-${i}`} gap={2} align="center">
                  <Image src={src} w={72} h={72} fit="cover" radius="sm" alt="" data-testid="product-image" />
                  <Group gap={2}>
                    {i > 0 && (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => setImages((l) => [l[i]!, ...l.filter((_, k) => k !== i)])}
                      >
                        <Trans>设为封面</Trans>
                      </Button>
                    )}
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setImages((l) => l.filter((_, k) => k !== i))}
                    >
                      <Trans>删除</Trans>
                    </Button>
                  </Group>
                </Stack>
              ))}
            </Group>
            <Group gap="xs" align="flex-end">
              {images.length < 9 && (
                <UploadButton
                  kind="image"
                  onFile={(f) => void upload(f)}
                  loading={uploading}
                  data-testid="product-image-upload"
                />
              )}
              <TextInput
                placeholder={t`或填写图片地址`}
                value={imageUrl}
                onChange={(e) => setImageUrl(e.currentTarget.value)}
                w={260}
                data-testid="product-image-url"
              />
              <Button
                variant="light"
                disabled={!imageUrl.trim() || images.length >= 9}
                onClick={() => {
                  setImages((l) => [...l, imageUrl.trim()]);
                  setImageUrl('');
                }}
                data-testid="product-image-add"
              >
                <Trans>添加图片</Trans>
              </Button>
            </Group>
            {errors.images && (
              <Text c="red" size="sm" data-testid="product-images-error">
                {errors.images}
              </Text>
            )}
          </Stack>
          <Textarea
            label={t`商品详情`}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            autosize
            minRows={3}
            maxLength={5000}
          />
        </Stack>
      </Card>

      <Card withBorder>
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={600}>
              <Trans>规格与SKU</Trans>
            </Text>
            <Group gap="xs">
              <Select
                placeholder={t`从规格模板添加`}
                data={(templates.data ?? []).map((r) => ({
                  value: String(r.id),
                  label: `${String(r.name)}：${String(r.values)}`,
                }))}
                value={null}
                onChange={(v) => {
                  const tpl = templates.data?.find((r) => String(r.id) === v);
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
          {errors.skus && (
            <Text c="red" size="sm">
              {errors.skus}
            </Text>
          )}
        </Stack>
      </Card>
      <Group>
        <Button onClick={() => void save()} loading={busy} data-testid="product-save">
          <Trans>保存</Trans>
        </Button>
        <Button variant="default" onClick={() => void navigate({ to: '/productManage' as string })}>
          <Trans>返回</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
