import { Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { IconPlus } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import mallProductDef, { LOW_STOCK, PRODUCT_STATUS } from '../../../entities/product/resource';
import type { ResourceDef } from '../../../shared/resources/types';
import { requireSelection } from '../../components/DataTable';
import { request, toast } from '../../lib/request';
import { hasMark } from '../../lib/session';
import { ResourceScreen } from '../resources/ResourceScreen';
import { invalidateResource, type Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { confirmDanger } from '../../components/ConfirmDanger';

/** The list without the generic add and edit (the server refuses a product without pictures): /AddProduct does both. */
const listDef: ResourceDef = { ...mallProductDef, actions: ['delete', 'export'] };

/** 最低价 – 最高价 of the product's SKUs (one price when they are equal), from the list row itself. */
function PriceRange({ row }: { row: Row }) {
  const low = row.price == null ? undefined : Number(row.price);
  const high = row.priceMax == null ? low : Number(row.priceMax);
  return (
    <Text size="sm" data-testid="product-price">
      {low === undefined
        ? '-'
        : high === undefined || high === low
          ? `¥${low.toFixed(2)}`
          : `¥${low.toFixed(2)} - ¥${high.toFixed(2)}`}
    </Text>
  );
}

/**
 * /productManage: the mall's products with their cover, price range and stock. 添加商品 and 修改
 * open /AddProduct (images, specifications, SKUs); 上架/下架 per row or for the selected rows
 * asks first (POST mallProduct/shelf).
 */
export function ProductManageScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canAdd = hasMark('mallProduct:add');

  const shelf = async (ids: number[], status: number) => {
    const on = status === PRODUCT_STATUS.on;
    const ok = await confirmDanger({
      message: on
        ? t`确定要上架选中的 ${ids.length} 个商品吗？`
        : t`确定要下架选中的 ${ids.length} 个商品吗？下架后商城不再展示。`,
      confirmLabel: on ? t`上架` : t`下架`,
    });
    if (!ok) return;
    try {
      const res = await request<{ changed: number }>('mall', 'mallProduct/shelf', { ids, status });
      toast('success', on ? t`已上架 ${res.changed} 个商品` : t`已下架 ${res.changed} 个商品`);
    } catch {
      // The request helper showed why.
    }
    await invalidateResource(queryClient, mallProductDef.name);
  };

  return (
    <ResourceScreen
      def={listDef}
      {...props}
      title={<Trans>商品管理</Trans>}
      cells={{
        price: (row) => <PriceRange row={row} />,
        stock: (row) => (
          <Text size="sm" c={Number(row.stock) < LOW_STOCK ? 'red' : undefined} data-testid="product-stock">
            {String(row.stock ?? 0)}
          </Text>
        ),
      }}
      rowActions={[
        {
          id: 'editProduct',
          title: t`修改`,
          mark: 'mallProduct:update',
          run: (row) => void navigate({ to: '/AddProduct' as string, search: { id: row.id } as never }),
        },
        {
          id: 'shelfOn',
          title: t`上架`,
          color: 'teal',
          mark: 'mallProduct:update',
          visible: (row) => row.status !== PRODUCT_STATUS.on,
          run: (row) => void shelf([row.id], PRODUCT_STATUS.on),
        },
        {
          id: 'shelfOff',
          title: t`下架`,
          color: 'orange',
          mark: 'mallProduct:update',
          visible: (row) => row.status === PRODUCT_STATUS.on,
          run: (row) => void shelf([row.id], PRODUCT_STATUS.off),
        },
      ]}
      toolbar={(selected) => (
        <Group gap="xs">
          {canAdd && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => void navigate({ to: '/AddProduct' as string })}
              data-testid="product-add"
            >
              <Trans>添加商品</Trans>
            </Button>
          )}
          {hasMark('mallProduct:update') && (
            <>
              <Button
                variant="light"
                color="teal"
                onClick={() => requireSelection(selected, (ids) => void shelf(ids, PRODUCT_STATUS.on))}
                data-testid="shelf-on-selected"
              >
                <Trans>批量上架</Trans>
              </Button>
              <Button
                variant="light"
                color="orange"
                onClick={() => requireSelection(selected, (ids) => void shelf(ids, PRODUCT_STATUS.off))}
                data-testid="shelf-off-selected"
              >
                <Trans>批量下架</Trans>
              </Button>
            </>
          )}
        </Group>
      )}
    />
  );
}
