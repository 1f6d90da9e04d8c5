import { useState } from 'react';
import { Badge, Button, Card, Group, Image, Modal, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { specText } from '../../../shared/product-sku';
import { CheckoutModal } from '../mall-orders/CheckoutModal';
import { request } from '../../lib/request';
import type { RouteScreenProps } from '../screens/types';

interface Home {
  shops: { id: number; name: string; logo: string | null; intro: string | null; products: number }[];
  officialProducts: number;
  banners: { id: number; title: string; image: string; productId: number | null }[];
  categories: { id: number; name: string; parentId: number | null; nav: number }[];
}
interface Card_ {
  id: number;
  name: string;
  subtitle: string | null;
  cover: string | null;
  priceFen: number;
  sales: number;
  stock: number;
}
interface Detail {
  id: number;
  name: string;
  subtitle: string | null;
  images: string[];
  description: string | null;
  specs: { name: string; values: string[] }[];
  skus: { id: number; specs: Record<string, string>; priceFen: number; stock: number }[];
  merchant: { name: string } | null;
  reviews: { id: number; userName: string; rating: number; content: string; reply: string | null }[];
  rating: number;
  reviewCount: number;
}

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/**
 * /shangquanshangcheng: the business-district mall. The official shop first, then the merchants'
 * shops; the banner strip, the navigation categories, a searchable product grid; a product's
 * detail picks a SKU by its specs (price and stock follow), shows approved reviews, and buys
 * through the orders module's checkout.
 */
export function StoreScreen(_props: RouteScreenProps) {
  const { t } = useLingui();
  const [shop, setShop] = useState<number | undefined>(0);
  const [categoryId, setCategoryId] = useState<number | undefined>();
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const home = useQuery({
    queryKey: ['mall', 'store', 'home'],
    queryFn: () => request<Home>('mall', 'mallProduct/store/home', {}),
  });
  const products = useQuery({
    queryKey: ['mall', 'store', 'products', shop, categoryId, keyword],
    queryFn: () =>
      request<{ rows: Card_[]; total: number }>('mall', 'mallProduct/store/products', {
        merchantId: shop,
        categoryId,
        keyword: keyword || undefined,
        size: 60,
      }),
  });
  const h = home.data;
  return (
    <Stack gap="md" data-testid="mall-store">
      <Group gap="xs">
        <Button variant={shop === 0 ? 'filled' : 'light'} onClick={() => setShop(0)} data-testid="shop-official">
          <Trans>官方商城</Trans> ({h?.officialProducts ?? 0})
        </Button>
        {h?.shops.map((s) => (
          <Button
            key={s.id}
            variant={shop === s.id ? 'filled' : 'light'}
            onClick={() => setShop(s.id)}
            leftSection={s.logo ? <Image src={s.logo} w={18} h={18} alt="" /> : null}
          >
            {s.name} ({s.products})
          </Button>
        ))}
        <Button variant={shop === undefined ? 'filled' : 'subtle'} onClick={() => setShop(undefined)}>
          <Trans>全部商户</Trans>
        </Button>
      </Group>
      {!!h?.banners.length && (
        <Group gap="sm" wrap="nowrap" style={{ overflowX: 'auto' }}>
          {h.banners.map((b) => (
            <Image
              key={b.id}
              src={b.image}
              alt={b.title}
              h={120}
              w={320}
              radius="md"
              style={{ cursor: b.productId ? 'pointer' : undefined }}
              onClick={() => b.productId && setOpen(b.productId)}
            />
          ))}
        </Group>
      )}
      <Group gap="xs">
        <Badge
          variant={categoryId === undefined ? 'filled' : 'light'}
          style={{ cursor: 'pointer' }}
          onClick={() => setCategoryId(undefined)}
        >
          <Trans>全部分类</Trans>
        </Badge>
        {h?.categories
          .filter((c) => c.parentId == null && c.nav === 1)
          .map((c) => (
            <Badge
              key={c.id}
              variant={categoryId === c.id ? 'filled' : 'light'}
              style={{ cursor: 'pointer' }}
              onClick={() => setCategoryId(c.id)}
            >
              {c.name}
            </Badge>
          ))}
        <TextInput
          placeholder={t`搜索商品`}
          value={keyword}
          onChange={(e) => setKeyword(e.currentTarget.value)}
          w={220}
          ml="auto"
          data-testid="store-search"
        />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
        {products.data?.rows.map((p) => (
          <Card
            key={p.id}
            withBorder
            padding="sm"
            style={{ cursor: 'pointer' }}
            onClick={() => setOpen(p.id)}
            data-testid="store-product"
          >
            <Card.Section>{p.cover && <Image src={p.cover} h={150} fit="cover" alt="" />}</Card.Section>
            <Text fw={600} mt="xs" lineClamp={1}>
              {p.name}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={1}>
              {p.subtitle}
            </Text>
            <Group justify="space-between" mt={4}>
              <Text c="red" fw={700} data-testid="store-price">
                {yuan(p.priceFen)}
              </Text>
              <Text size="xs" c="dimmed">
                <Trans>已售 {p.sales}</Trans>
              </Text>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
      {products.data && !products.data.rows.length && (
        <Text c="dimmed">
          <Trans>没有找到商品</Trans>
        </Text>
      )}
      {open != null && <ProductDetail id={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}

function ProductDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useLingui();
  const detail = useQuery({
    queryKey: ['mall', 'store', 'detail', id],
    queryFn: () => request<Detail>('mall', 'mallProduct/store/detail', { id }),
    staleTime: Infinity,
  });
  const [picked, setPicked] = useState<Record<string, string>>({});
  const [buying, setBuying] = useState(false);
  const d = detail.data;
  const sku =
    d?.skus.find((s) => d.specs.every((line) => s.specs[line.name] === picked[line.name])) ??
    (d && !d.specs.length ? d.skus[0] : undefined);
  return (
    <Modal opened onClose={onClose} size="xl" title={d?.name ?? t`商品详情`}>
      {d && (
        <Stack gap="sm" data-testid="store-detail">
          <Group gap="xs">
            {d.images.map((src, i) => (
              <Image key={i} src={src} w={120} h={120} radius="sm" alt="" />
            ))}
          </Group>
          <Text c="dimmed">{d.subtitle}</Text>
          {d.merchant && <Badge variant="light">{d.merchant.name}</Badge>}
          {d.specs.map((line) => (
            <Group key={line.name} gap="xs">
              <Text size="sm" w={60}>
                {line.name}
              </Text>
              {line.values.map((v) => (
                <Button
                  key={v}
                  size="xs"
                  variant={picked[line.name] === v ? 'filled' : 'default'}
                  onClick={() => setPicked((p) => ({ ...p, [line.name]: v }))}
                >
                  {v}
                </Button>
              ))}
            </Group>
          ))}
          <Group>
            <Text c="red" fw={700} size="xl" data-testid="detail-price">
              {sku ? yuan(sku.priceFen) : `${yuan(Math.min(...d.skus.map((s) => s.priceFen)))} 起`}
            </Text>
            {sku && (
              <Text size="sm" c="dimmed">
                {sku.stock > 0 ? t`库存 ${sku.stock}` : t`已售罄`}
              </Text>
            )}
            {sku && (
              <Text size="sm" c="dimmed">
                {specText(sku.specs)}
              </Text>
            )}
            <Button ml="auto" disabled={!sku || sku.stock <= 0} onClick={() => setBuying(true)} data-testid="store-buy">
              {sku ? <Trans>立即购买</Trans> : <Trans>请选择规格</Trans>}
            </Button>
          </Group>
          {d.description && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {d.description}
            </Text>
          )}
          <Title order={6}>
            <Trans>
              商品评价（{d.reviewCount}，{d.rating} 分）
            </Trans>
          </Title>
          {d.reviews.map((r) => (
            <Card key={r.id} withBorder padding="xs" data-testid="store-review">
              <Group gap="xs">
                <Text size="sm" fw={600}>
                  {r.userName}
                </Text>
                <Text size="sm" c="yellow">
                  {'★'.repeat(r.rating)}
                </Text>
              </Group>
              <Text size="sm">{r.content}</Text>
              {r.reply && (
                <Text size="xs" c="dimmed">
                  <Trans>商家回复：{r.reply}</Trans>
                </Text>
              )}
            </Card>
          ))}
          {buying && sku && <CheckoutModal items={[{ skuId: sku.id, qty: 1 }]} onClose={() => setBuying(false)} />}
        </Stack>
      )}
    </Modal>
  );
}
