import type { CodeEntry } from '../../shared/codes';
import { PAY_METHOD, PAY_STATUS } from '../../shared/payments';
import { createdAtField, idField, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/** The payment methods as a code table (PAY_METHOD codes). */
export const PAY_METHOD_TABLE: readonly CodeEntry[] = [
  { value: PAY_METHOD.sandbox, cn: '沙箱支付', en: 'Sandbox' },
  { value: PAY_METHOD.wechat, cn: '微信支付', en: 'WeChat Pay' },
  { value: PAY_METHOD.alipay, cn: '支付宝', en: 'Alipay' },
  { value: PAY_METHOD.paypal, cn: 'PayPal', en: 'PayPal' },
];

/** The payment states (PAY_STATUS codes, spec "Pay status"). */
export const PAY_STATUS_TABLE: readonly CodeEntry[] = [
  { value: PAY_STATUS.failed, cn: '支付失败', en: 'Failed' },
  { value: PAY_STATUS.unpaid, cn: '未支付', en: 'Unpaid' },
  { value: PAY_STATUS.success, cn: '支付成功', en: 'Paid' },
  { value: PAY_STATUS.closed, cn: '已关闭', en: 'Closed' },
  { value: PAY_STATUS.paying, cn: '支付中', en: 'Paying' },
  { value: PAY_STATUS.refunding, cn: '退款中', en: 'Refunding' },
  { value: PAY_STATUS.refunded, cn: '已退款', en: 'Refunded' },
];

/** The kinds of a payment's event log rows (payment_events.kind). */
export type PayEventKind = 'create' | 'callback' | 'query' | 'refund' | 'close' | 'fulfil';

/** Marks beyond the list: giving money back, and closing or re-checking an order with its provider. */
export const PAY_MARK_REFUND = 'payment:refund';
export const PAY_MARK_MANAGE = 'payment:manage';

const F = {
  orderNo: /*i18n*/ { id: 'field.payment.orderNo', message: '支付单号' },
  subject: /*i18n*/ { id: 'field.payment.subject', message: '商品' },
  purposeKind: /*i18n*/ { id: 'field.payment.purposeKind', message: '业务' },
  purposeRef: /*i18n*/ { id: 'field.payment.purposeRef', message: '业务单号' },
  amount: /*i18n*/ { id: 'field.payment.amount', message: '金额(元)' },
  refunded: /*i18n*/ { id: 'field.payment.refunded', message: '已退款(元)' },
  method: /*i18n*/ { id: 'field.payment.method', message: '支付方式' },
  status: /*i18n*/ { id: 'field.payment.status', message: '支付状态' },
  providerRef: /*i18n*/ { id: 'field.payment.providerRef', message: '平台交易号' },
  paidAt: /*i18n*/ { id: 'field.payment.paidAt', message: '支付时间' },
  fulfilledAt: /*i18n*/ { id: 'field.payment.fulfilledAt', message: '履约时间' },
  expiresAt: /*i18n*/ { id: 'field.payment.expiresAt', message: '过期时间' },
};

/**
 * Payments (docs/payments.md): one row per order a module asked the payment service to collect. Read-only
 * for users (the service writes them); refund, close and sync are the plugin's actions behind
 * `payment:refund` and `payment:manage`. Listed on /paypal.
 */
const payment: ResourceDef = {
  kind: 'pay',
  name: 'payment',
  label: /*i18n*/ { id: 'resource.payment', message: '支付单' },
  routes: ['paypal'],
  tenantScoped: true,
  mark: 'payment',
  actions: ['export'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: [
    idField,
    {
      name: 'orderNo',
      label: F.orderNo,
      type: 'text',
      form: false,
      keyword: true,
      filter: 'like',
      list: { width: 190, sortable: true },
    },
    {
      name: 'subject',
      label: F.subject,
      type: 'text',
      form: false,
      keyword: true,
      filter: 'like',
      list: { width: 200 },
    },
    { name: 'amount', label: F.amount, type: 'decimal', form: false, list: { width: 110 } },
    { name: 'refunded', label: F.refunded, type: 'decimal', form: false, list: { width: 110 } },
    {
      name: 'method',
      label: F.method,
      type: 'code',
      codes: PAY_METHOD_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 100 },
    },
    {
      name: 'status',
      label: F.status,
      type: 'code',
      codes: PAY_STATUS_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 100 },
    },
    { name: 'purposeKind', label: F.purposeKind, type: 'text', form: false, filter: 'eq', list: { width: 110 } },
    {
      name: 'purposeRef',
      label: F.purposeRef,
      type: 'text',
      form: false,
      keyword: true,
      filter: 'eq',
      list: { width: 150 },
    },
    { name: 'providerRef', label: F.providerRef, type: 'text', form: false, keyword: true, list: { width: 180 } },
    {
      name: 'paidAt',
      label: F.paidAt,
      type: 'datetime',
      form: false,
      filter: 'range',
      list: { width: 170, sortable: true },
    },
    { name: 'fulfilledAt', label: F.fulfilledAt, type: 'datetime', form: false, list: { width: 170 } },
    { name: 'expiresAt', label: F.expiresAt, type: 'datetime', form: false, list: { width: 170 } },
    tenantField,
    createdAtField,
  ],
};

export default payment;
