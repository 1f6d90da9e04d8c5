import type { CodeEntry } from '../../shared/codes';
import { idField, SHARED_LABELS, statusField, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';
import { LOW_STOCK_TABLE } from '../product/resource';

/** Why a stock adjustment of the product library was made. */
export const STOCK_REASON_TABLE: readonly CodeEntry<string>[] = [
  { value: 'inbound', cn: '采购入库', en: 'Inbound' },
  { value: 'stocktake', cn: '盘点调整', en: 'Stocktake' },
  { value: 'damage', cn: '损耗报废', en: 'Damage' },
  { value: 'return', cn: '退货入库', en: 'Return' },
  { value: 'other', cn: '其他', en: 'Other' },
];
export const STOCK_REASONS = ['inbound', 'stocktake', 'damage', 'return', 'other'] as const;

/**
 * /Commodity: the product library, every SKU of every merchant with its price and stock; stock
 * changes through POST /api/mall/productSku/adjustStock with a reason (stock_movements). SKUs
 * are created by the product form (/AddProduct), not here.
 */
const productSku: ResourceDef = {
  kind: 'mall',
  name: 'productSku',
  label: /*i18n*/ { id: 'resource.productSku', message: '商品库' },
  routes: ['Commodity'],
  tenantScoped: true,
  mark: 'productSku',
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['update', 'export'],
  fields: [
    idField,
    {
      name: 'image',
      label: /*i18n*/ { id: 'field.productSku.image', message: '图片' },
      type: 'image',
      form: false,
      list: { width: 80 },
    },
    {
      name: 'code',
      label: /*i18n*/ { id: 'field.productSku.code', message: 'SKU编码' },
      type: 'text',
      required: true,
      max: 64,
      keyword: true,
      filter: 'like',
      list: { width: 150, sortable: true },
    },
    {
      name: 'productId',
      label: /*i18n*/ { id: 'field.productSku.product', message: '商品' },
      type: 'ref',
      ref: { kind: 'mall', resource: 'mallProduct', labelField: 'name' },
      form: false,
      filter: 'eq',
      list: { width: 180 },
    },
    {
      name: 'specText',
      label: /*i18n*/ { id: 'field.productSku.specs', message: '规格' },
      type: 'text',
      form: false,
      list: { width: 160 },
    },
    {
      name: 'merchantId',
      label: /*i18n*/ { id: 'field.mallProduct.merchant', message: '所属商户' },
      type: 'ref',
      ref: { kind: 'mall', resource: 'merchant', labelField: 'name' },
      form: false,
      filter: 'eq',
      list: { width: 140 },
    },
    {
      name: 'price',
      label: /*i18n*/ { id: 'field.mallProduct.price', message: '价格（元）' },
      type: 'decimal',
      required: true,
      min: 0,
      max: 1_000_000,
      filter: 'range',
      list: { width: 100, sortable: true },
    },
    {
      name: 'stock',
      label: /*i18n*/ { id: 'field.productSku.stock', message: '库存' },
      type: 'integer',
      form: false,
      filter: 'range',
      list: { width: 90, sortable: true },
    },
    {
      name: 'lowStock',
      label: /*i18n*/ { id: 'field.mallProduct.lowStock', message: '库存预警' },
      type: 'code',
      codes: LOW_STOCK_TABLE,
      form: false,
      filter: 'eq',
      list: false,
    },
    { ...statusField, label: SHARED_LABELS.status },
    tenantField,
  ],
};

export default productSku;
