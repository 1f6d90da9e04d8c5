import type { CodeEntry } from '../../shared/codes';
import { createdAtField, idField, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';
import { stateMachine } from '../../shared/state-machine';

export const AFTER_SALE_TYPE = { refund: 0, returnRefund: 1, exchange: 2 } as const;
const AFTER_SALE_TYPE_TABLE: readonly CodeEntry<number>[] = [
  { value: AFTER_SALE_TYPE.refund, cn: '仅退款', en: 'Refund only' },
  { value: AFTER_SALE_TYPE.returnRefund, cn: '退货退款', en: 'Return and refund' },
  { value: AFTER_SALE_TYPE.exchange, cn: '换货', en: 'Exchange' },
];

export const AFTER_SALE = { pending: 0, approved: 1, rejected: 2, received: 3, refunded: 4, completed: 5 } as const;
const AFTER_SALE_TABLE: readonly CodeEntry<number>[] = [
  { value: AFTER_SALE.pending, cn: '待审核', en: 'Pending' },
  { value: AFTER_SALE.approved, cn: '已同意', en: 'Approved' },
  { value: AFTER_SALE.rejected, cn: '已拒绝', en: 'Rejected' },
  { value: AFTER_SALE.received, cn: '已收货', en: 'Goods received' },
  { value: AFTER_SALE.refunded, cn: '已退款', en: 'Refunded' },
  { value: AFTER_SALE.completed, cn: '已完成', en: 'Completed' },
];

/**
 * A request is reviewed (approved or rejected with a comment). An approved refund is paid back at
 * once; an approved return or exchange waits for the goods (received: back to stock), then a
 * return is refunded and an exchange completed (the new goods sent). Anything else is
 * 'noSuchTransition'.
 */
export const AFTER_SALE_MACHINE = stateMachine<number>('afterSale', {
  [AFTER_SALE.pending]: [AFTER_SALE.approved, AFTER_SALE.rejected],
  [AFTER_SALE.approved]: [AFTER_SALE.received, AFTER_SALE.refunded],
  [AFTER_SALE.received]: [AFTER_SALE.refunded, AFTER_SALE.completed],
  [AFTER_SALE.rejected]: [],
  [AFTER_SALE.refunded]: [],
  [AFTER_SALE.completed]: [],
});

export const AFTER_SALE_MARK_REVIEW = 'afterSale:review' as const;

/** /AfterSalesOrders: return / refund / exchange requests against paid or shipped mall orders. */
const afterSale: ResourceDef = {
  kind: 'mall',
  name: 'afterSale',
  label: /*i18n*/ { id: 'resource.afterSale', message: '售后单' },
  routes: ['AfterSalesOrders'],
  tenantScoped: true,
  mark: 'afterSale',
  actions: ['add', 'export'],
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    {
      name: 'serviceNo',
      label: /*i18n*/ { id: 'field.afterSale.serviceNo', message: '售后单号' },
      type: 'text',
      form: false,
      keyword: true,
      filter: 'like',
      list: { width: 190, sortable: true },
    },
    {
      name: 'orderNo',
      label: /*i18n*/ { id: 'field.afterSale.orderNo', message: '订单号' },
      type: 'text',
      required: true,
      form: 'add',
      max: 40,
      keyword: true,
      filter: 'like',
      list: { width: 190 },
    },
    {
      name: 'type',
      label: /*i18n*/ { id: 'field.afterSale.type', message: '售后类型' },
      type: 'code',
      codes: AFTER_SALE_TYPE_TABLE,
      required: true,
      form: 'add',
      filter: 'eq',
      list: { width: 100 },
    },
    {
      name: 'skuId',
      label: /*i18n*/ { id: 'field.afterSale.skuId', message: '商品SKU' },
      type: 'integer',
      form: 'add',
      min: 1,
      list: { width: 90 },
    },
    {
      name: 'qty',
      label: /*i18n*/ { id: 'field.afterSale.qty', message: '数量' },
      type: 'integer',
      form: 'add',
      min: 0,
      max: 999,
      list: { width: 70 },
    },
    {
      name: 'amount',
      label: /*i18n*/ { id: 'field.afterSale.amount', message: '退款金额（元）' },
      type: 'decimal',
      form: 'add',
      min: 0,
      max: 10_000_000,
      list: { width: 110 },
    },
    {
      name: 'reason',
      label: /*i18n*/ { id: 'field.afterSale.reason', message: '原因' },
      type: 'textarea',
      required: true,
      form: 'add',
      max: 200,
      list: { width: 180 },
    },
    {
      name: 'image',
      label: /*i18n*/ { id: 'field.afterSale.image', message: '凭证图片' },
      type: 'image',
      form: 'add',
      list: { width: 90 },
    },
    {
      name: 'status',
      label: /*i18n*/ { id: 'field.afterSale.status', message: '处理状态' },
      type: 'code',
      codes: AFTER_SALE_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 90, sortable: true },
    },
    {
      name: 'reviewComment',
      label: /*i18n*/ { id: 'field.afterSale.reviewComment', message: '审核意见' },
      type: 'text',
      form: false,
      list: { width: 160 },
    },
    {
      name: 'reviewerName',
      label: /*i18n*/ { id: 'field.afterSale.reviewerName', message: '审核人' },
      type: 'text',
      form: false,
      list: { width: 90 },
    },
    tenantField,
    { ...createdAtField, label: /*i18n*/ { id: 'field.afterSale.createdAt', message: '申请时间' } },
  ],
};

export default afterSale;
