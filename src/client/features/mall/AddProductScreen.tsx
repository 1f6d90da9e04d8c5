import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Group, NumberInput, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { PRODUCT_STATUS } from '../../../entities/product/resource';
import { mergeMatrix, skuProblem, splitValues, type SkuInput, type SpecLine } from '../../../shared/product-sku';
import { request, RequestError } from '../../lib/request';
import { serverMessage } from '../../i18n/serverMessages';
import { useFormErrors } from '../../lib/useFormErrors';
import { invalidateResource, refOptionsQuery, type Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { fenOf, type SpecDraft } from './product-form';
import { ProductImagesField } from './ProductImagesField';
import { ProductSkuCard } from './ProductSkuCard';

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
  const [description, setDescription] = useState('');
  const [weightG, setWeightG] = useState<number | string>(0);
  const [status, setStatus] = useState<string>(String(PRODUCT_STATUS.on));
  const [specs, setSpecs] = useState<SpecDraft[]>([]);
  const [skus, setSkus] = useState<SkuInput[]>([{ specs: {}, priceFen: 0, stock: 0, code: '' }]);
  const [defaults, setDefaults] = useState({ price: 0 as number | string, stock: 0 as number | string });
  const errors = useFormErrors<'name' | 'categoryId' | 'images' | 'skus' | 'form'>();
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
    const problem = skuProblem(lines, skus);
    return !errors.show({
      name: name.trim() ? undefined : t`请输入商品名称`,
      categoryId: categoryId ? undefined : t`请选择商品分类`,
      images: images.length ? undefined : serverMessage('productImageRequired', 'Image or picture must not be empty'),
      skus: problem ? serverMessage(problem, problem) : undefined,
    });
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
      if (err instanceof RequestError) errors.setField('form', err.message);
    } finally {
      setBusy(false);
    }
  };

  const options = (rows: Row[] | undefined) =>
    (rows ?? []).map((r) => ({ value: String(r.id), label: String(r.name) }));

  return (
    <Stack gap="md" maw={1100} data-testid="add-product">
      <Title order={4}>{editId ? <Trans>编辑商品</Trans> : <Trans>添加商品</Trans>}</Title>
      {errors.errors.form && <Alert color="red">{errors.errors.form}</Alert>}
      <Card withBorder>
        <Stack gap="sm">
          <Group grow align="flex-start">
            <TextInput
              label={t`商品名称`}
              withAsterisk
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.text('name')}
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
              error={errors.text('categoryId')}
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
          <ProductImagesField
            images={images}
            setImages={setImages}
            upload={upload}
            uploading={uploading}
            error={errors.text('images')}
          />
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

      <ProductSkuCard
        templates={templates.data}
        specs={specs}
        setSpecs={setSpecs}
        skus={skus}
        setSku={setSku}
        defaults={defaults}
        setDefaults={setDefaults}
        applyDefaults={applyDefaults}
        error={errors.text('skus')}
      />
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
