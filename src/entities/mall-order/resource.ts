import type { CodeEntry } from '../../shared/codes';
import { ORDER_STATUS, PAY_METHOD } from '../../shared/payments';
import { createdAtField, idField, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';
import { stateMachine } from '../../shared/state-machine';

/**
 * A mall order's state: unpaid / paid (to ship) / cancelled (ORDER_STATUS, the words of
 * docs/requirements/states-and-codes.md#status-words) and the mall's own shipped, completed,
 * refunding, refunded.
 */
export const MALL_ORDER = { ...ORDER_STATUS, shipped: 3, completed: 4, refunding: 5, refunded: 6 } as const;

export const MALL_ORDER_TABLE: readonly CodeEntry<number>[] = [
  { value: MALL_ORDER.unpaid, cn: '待付款', en: 'Unpaid' },
  { value: MALL_ORDER.paid, cn: '待发货', en: 'Paid, to ship' },
  { value: MALL_ORDER.shipped, cn: '已发货', en: 'Shipped' },
  { value: MALL_ORDER.completed, cn: '已完成', en: 'Completed' },
  { value: MALL_ORDER.cancelled, cn: '已取消', en: 'Cancelled' },
  { value: MALL_ORDER.refunding, cn: '退款中', en: 'Refunding' },
  { value: MALL_ORDER.refunded, cn: '已退款', en: 'Refunded' },
];

/**
 * Unpaid orders are paid or cancelled (by the buyer, an operator or expiry); paid ones are
 * shipped or refunded (cancelling a paid order refunds it); shipped ones complete; after-sales
 * refunds reach paid, shipped and completed orders. A refunding order lands refunded (or, when
 * the provider refuses, back where it came from is not modelled: it stays refunding for an
 * operator). Anything else is 'noSuchTransition'.
 */
export const MALL_ORDER_MACHINE = stateMachine<number>('mallOrder', {
  [MALL_ORDER.unpaid]: [MALL_ORDER.paid, MALL_ORDER.cancelled],
  [MALL_ORDER.paid]: [MALL_ORDER.shipped, MALL_ORDER.refunding, MALL_ORDER.refunded],
  [MALL_ORDER.shipped]: [MALL_ORDER.completed, MALL_ORDER.refunding, MALL_ORDER.refunded],
  [MALL_ORDER.completed]: [MALL_ORDER.refunding, MALL_ORDER.refunded],
  [MALL_ORDER.refunding]: [MALL_ORDER.refunded],
  [MALL_ORDER.cancelled]: [],
  [MALL_ORDER.refunded]: [],
});

export const MALL_PAY_METHOD_TABLE: readonly CodeEntry<number>[] = [
  { value: PAY_METHOD.sandbox, cn: '沙箱支付', en: 'Sandbox' },
  { value: PAY_METHOD.wechat, cn: '微信支付', en: 'WeChat Pay' },
  { value: PAY_METHOD.alipay, cn: '支付宝', en: 'Alipay' },
  { value: PAY_METHOD.paypal, cn: 'PayPal', en: 'PayPal' },
];

/** Marks beyond the CRUD set (src/shared/permissions.ts EXTRA_MARKS). */
export const MALL_ORDER_MARK_SHIP = 'mallOrder:ship' as const;
export const MALL_ORDER_MARK_CANCEL = 'mallOrder:cancel' as const;

/** How long an unpaid demo order holds its stock (placed orders follow PAY_EXPIRE_MIN: orders.ts unpaidTtlMs). */
export const MALL_ORDER_TTL_MS = 30 * 60_000;

/**
 * /orderManagement: the mall's orders (placed with `order/place`, paid through the payment
 * interface). Amounts are stored in fen and shown in yuan.
 */
const mallOrder: ResourceDef = {
  kind: 'mall',
  name: 'order',
  label: /*i18n*/ { id: 'resource.mallOrder', message: '商城订单' },
  routes: ['orderManagement'],
  tenantScoped: true,
  mark: 'mallOrder',
  actions: ['export'],
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    {
      name: 'orderNo',
      label: /*i18n*/ { id: 'field.mallOrder.orderNo', message: '订单号' },
      type: 'text',
      form: false,
      keyword: true,
      filter: 'like',
      list: { width: 190, sortable: true },
    },
    {
      name: 'buyerName',
      label: /*i18n*/ { id: 'field.mallOrder.buyerName', message: '收货人' },
      type: 'text',
      form: false,
      keyword: true,
      filter: 'like',
      list: { width: 110, sortable: true },
    },
    {
      name: 'phone',
      label: /*i18n*/ { id: 'field.mallOrder.phone', message: '联系电话' },
      type: 'text',
      form: false,
      keyword: true,
      list: { width: 120 },
    },
    {
      name: 'regionCode',
      label: /*i18n*/ { id: 'field.mallOrder.regionCode', message: '收货地区' },
      type: 'text',
      form: false,
      filter: 'like',
      list: { width: 170 },
    },
    {
      name: 'address',
      label: /*i18n*/ { id: 'field.mallOrder.address', message: '详细地址' },
      type: 'text',
      form: false,
      list: { width: 180 },
    },
    {
      name: 'goods',
      label: /*i18n*/ { id: 'field.mallOrder.goods', message: '商品金额（元）' },
      type: 'decimal',
      form: false,
      list: { width: 110 },
    },
    {
      name: 'freight',
      label: /*i18n*/ { id: 'field.mallOrder.freight', message: '运费（元）' },
      type: 'decimal',
      form: false,
      list: { width: 90 },
    },
    {
      name: 'total',
      label: /*i18n*/ { id: 'field.mallOrder.total', message: '实付金额（元）' },
      type: 'decimal',
      form: false,
      list: { width: 110 },
    },
    {
      name: 'refunded',
      label: /*i18n*/ { id: 'field.mallOrder.refunded', message: '已退款（元）' },
      type: 'decimal',
      form: false,
      list: { width: 100 },
    },
    {
      name: 'status',
      label: /*i18n*/ { id: 'field.mallOrder.status', message: '订单状态' },
      type: 'code',
      codes: MALL_ORDER_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 90, sortable: true },
    },
    {
      name: 'method',
      label: /*i18n*/ { id: 'field.mallOrder.method', message: '支付方式' },
      type: 'code',
      codes: MALL_PAY_METHOD_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 100 },
    },
    {
      name: 'paymentNo',
      label: /*i18n*/ { id: 'field.mallOrder.paymentNo', message: '支付单号' },
      type: 'text',
      form: false,
      list: false,
    },
    {
      name: 'carrier',
      label: /*i18n*/ { id: 'field.mallOrder.carrier', message: '快递公司' },
      type: 'text',
      form: false,
      list: { width: 100 },
    },
    {
      name: 'trackingNo',
      label: /*i18n*/ { id: 'field.mallOrder.trackingNo', message: '快递单号' },
      type: 'text',
      form: false,
      filter: 'like',
      list: { width: 150 },
    },
    {
      name: 'paidAt',
      label: /*i18n*/ { id: 'field.mallOrder.paidAt', message: '付款时间' },
      type: 'datetime',
      form: false,
      filter: 'range',
      list: { width: 170, sortable: true },
    },
    {
      name: 'shippedAt',
      label: /*i18n*/ { id: 'field.mallOrder.shippedAt', message: '发货时间' },
      type: 'datetime',
      form: false,
      list: { width: 170 },
    },
    tenantField,
    { ...createdAtField, label: /*i18n*/ { id: 'field.mallOrder.createdAt', message: '下单时间' } },
  ],
};

export default mallOrder;
