import type { CodeEntry } from '../../shared/codes';
import { createdAtField, idField, SHARED_LABELS, sortField, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/** A product's shelf state: 0 off shelf, 1 on sale (only these reach the storefront). */
export const PRODUCT_STATUS = { off: 0, on: 1 } as const;
const PRODUCT_STATUS_TABLE: readonly CodeEntry<number>[] = [
  { value: PRODUCT_STATUS.on, cn: '上架', en: 'On sale' },
  { value: PRODUCT_STATUS.off, cn: '下架', en: 'Off shelf' },
];

/** A SKU with less than this in stock is "low" (the lists' 库存预警 filter). */
export const LOW_STOCK = 10;
export const LOW_STOCK_TABLE: readonly CodeEntry<number>[] = [{ value: 1, cn: '库存不足', en: 'Low stock' }];

/**
 * /productManage: the mall's products (filters by category, merchant, status, price, low stock;
 * on/off shelf); /AddProduct: the full form with images, specifications and the SKU matrix
 * (POST /api/mall/product/save). The generic add and update take the plain fields; a product
 * without an image is refused ('productImageRequired').
 */
const product: ResourceDef = {
  kind: 'mall',
  name: 'mallProduct',
  label: /*i18n*/ { id: 'resource.mallProduct', message: '商城商品' },
  routes: ['productManage', 'AddProduct'],
  tenantScoped: true,
  mark: 'mallProduct',
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    {
      name: 'cover',
      label: /*i18n*/ { id: 'field.mallProduct.cover', message: '商品图片' },
      type: 'image',
      form: false,
      list: { width: 90 },
    },
    {
      name: 'name',
      label: /*i18n*/ { id: 'field.mallProduct.name', message: '商品名称' },
      type: 'text',
      required: true,
      max: 100,
      keyword: true,
      filter: 'like',
      list: { width: 200, sortable: true },
    },
    {
      name: 'subtitle',
      label: /*i18n*/ { id: 'field.mallProduct.subtitle', message: '副标题' },
      type: 'text',
      max: 200,
      keyword: true,
      list: { width: 180 },
    },
    {
      name: 'categoryId',
      label: /*i18n*/ { id: 'field.mallProduct.category', message: '商品分类' },
      type: 'ref',
      ref: { kind: 'mall', resource: 'mallCategory', labelField: 'name' },
      required: true,
      filter: 'eq',
      list: { width: 120 },
    },
    {
      name: 'merchantId',
      label: /*i18n*/ { id: 'field.mallProduct.merchant', message: '所属商户' },
      type: 'ref',
      ref: { kind: 'mall', resource: 'merchant', labelField: 'name' },
      filter: 'eq',
      list: { width: 140 },
    },
    {
      name: 'price',
      label: /*i18n*/ { id: 'field.mallProduct.price', message: '价格（元）' },
      type: 'decimal',
      form: false,
      filter: 'range',
      list: { width: 100 },
    },
    {
      name: 'priceMax',
      label: /*i18n*/ { id: 'field.mallProduct.priceMax', message: '最高价（元）' },
      type: 'decimal',
      form: false,
      list: false,
    },
    {
      name: 'stock',
      label: /*i18n*/ { id: 'field.mallProduct.stock', message: '总库存' },
      type: 'integer',
      form: false,
      list: { width: 90 },
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
    {
      name: 'status',
      label: SHARED_LABELS.status,
      type: 'code',
      codes: PRODUCT_STATUS_TABLE,
      required: true,
      filter: 'eq',
      list: { width: 80 },
    },
    {
      name: 'weightG',
      label: /*i18n*/ { id: 'field.mallProduct.weightG', message: '重量（克）' },
      type: 'integer',
      min: 0,
      max: 1_000_000,
      list: { width: 100, sortable: true },
    },
    {
      name: 'freightTemplateId',
      label: /*i18n*/ { id: 'field.mallProduct.freightTemplate', message: '运费模板' },
      type: 'integer',
      min: 1,
      list: false,
    },
    {
      name: 'description',
      label: /*i18n*/ { id: 'field.mallProduct.description', message: '商品详情' },
      type: 'textarea',
      max: 5000,
      list: false,
    },
    {
      name: 'sales',
      label: /*i18n*/ { id: 'field.mallProduct.sales', message: '销量' },
      type: 'integer',
      form: false,
      list: { width: 80, sortable: true },
    },
    {
      name: 'views',
      label: /*i18n*/ { id: 'field.mallProduct.views', message: '浏览量' },
      type: 'integer',
      form: false,
      list: { width: 80, sortable: true },
    },
    { ...sortField },
    tenantField,
    createdAtField,
  ],
};

export default product;
