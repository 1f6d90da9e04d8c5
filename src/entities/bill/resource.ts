import type { CodeEntry } from '../../shared/codes';
import { ORDER_STATUS, PAY_METHOD, PAY_STATUS } from '../../shared/payments';
import { createdAtField, hiddenColumn, idField, SHARED_LABELS, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';
import { SIM_CARRIER_TABLE } from '../sim-card/resource';

/** What a bill paid for: a package (base package or renewal), a data add-on / top-up, anything else. */
export const BILL_KIND = { package: 0, data: 1, other: 2 } as const;

const BILL_KIND_TABLE: readonly CodeEntry<number>[] = [
  { value: BILL_KIND.package, cn: '套餐购买', en: 'Package' },
  { value: BILL_KIND.data, cn: '流量充值', en: 'Data top-up' },
  { value: BILL_KIND.other, cn: '其他', en: 'Other' },
];

/** "unpaid, paid, cancelled" of docs/requirements/states-and-codes.md#status-words. */
const BILL_STATUS_TABLE: readonly CodeEntry<number>[] = [
  { value: ORDER_STATUS.unpaid, cn: '未支付', en: 'Unpaid' },
  { value: ORDER_STATUS.paid, cn: '已支付', en: 'Paid' },
  { value: ORDER_STATUS.cancelled, cn: '已取消', en: 'Cancelled' },
];

/**
 * The pay status of docs/requirements/states-and-codes.md#products-and-payments
 * (-1 failed ... 4 refunding) and 5 refunded.
 */
const BILL_PAY_STATUS_TABLE: readonly CodeEntry<number>[] = [
  { value: PAY_STATUS.failed, cn: '支付失败', en: 'Failed' },
  { value: PAY_STATUS.unpaid, cn: '未支付', en: 'Unpaid' },
  { value: PAY_STATUS.success, cn: '支付成功', en: 'Success' },
  { value: PAY_STATUS.closed, cn: '已关闭', en: 'Closed' },
  { value: PAY_STATUS.paying, cn: '支付中', en: 'Paying' },
  { value: PAY_STATUS.refunding, cn: '退款中', en: 'Refunding' },
  { value: PAY_STATUS.refunded, cn: '已退款', en: 'Refunded' },
];

export const BILL_METHOD_TABLE: readonly CodeEntry<number>[] = [
  { value: PAY_METHOD.sandbox, cn: '沙箱支付', en: 'Sandbox' },
  { value: PAY_METHOD.wechat, cn: '微信支付', en: 'WeChat Pay' },
  { value: PAY_METHOD.alipay, cn: '支付宝', en: 'Alipay' },
  { value: PAY_METHOD.paypal, cn: 'PayPal', en: 'PayPal' },
];

/** The payment purpose kinds a bill is paid under (app.payments onPaid/onRefunded). */
export const BILL_PURPOSE = { package: 'simPackage', data: 'dataTopup' } as const;

/** Refunding a paid bill (beyond the CRUD set; src/shared/permissions.ts EXTRA_MARKS). */
export const BILL_MARK_REFUND = 'bill:refund' as const;

/** The screens a purchase may come from (any of them lets a user buy for their company's cards). */
export const BUY_MENUS = [
  'topup',
  'topup1',
  'topup2',
  'Recharge',
  'Recharge2',
  'bilList',
  'Bill',
  'packageList',
] as const;

/**
 * /Bill (all bills, refunds) and /bilList (the company's own purchases: pay now, cancel): one row
 * per purchase of a SIM package or data, made by the purchase routes (`iot/bill/buy`), never by
 * hand. Its order number is the payment's; `status` follows the payment (paid once, idempotently).
 */
const bill: ResourceDef = {
  kind: 'iot',
  name: 'bill',
  label: /*i18n*/ { id: 'resource.bill', message: '账单' },
  routes: ['Bill', 'bilList'],
  tenantScoped: true,
  mark: 'bill',
  actions: ['export'],
  defaultSort: { field: 'id', order: 'desc' },
  // At 1366 px the lists start with order number, ICCID, kind (not on /bilList), amount, status and
  // payment time; the rest are in the column settings.
  fields: [
    hiddenColumn(idField),
    {
      name: 'orderNo',
      label: /*i18n*/ { id: 'field.bill.orderNo', message: '订单号' },
      type: 'text',
      form: false,
      keyword: true,
      filter: 'like',
      list: { width: 200, sortable: true },
    },
    {
      name: 'iccid',
      label: /*i18n*/ { id: 'field.bill.iccid', message: 'ICCID' },
      type: 'text',
      form: false,
      keyword: true,
      filter: 'like',
      list: { width: 190, sortable: true },
    },
    {
      name: 'msisdn',
      label: /*i18n*/ { id: 'field.bill.msisdn', message: '接入号' },
      type: 'text',
      form: false,
      keyword: true,
      filter: 'like',
      list: { width: 140, hidden: true },
    },
    {
      name: 'carrier',
      label: /*i18n*/ { id: 'field.bill.carrier', message: '运营商' },
      type: 'code',
      codes: SIM_CARRIER_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 100, sortable: true, hidden: true },
    },
    {
      name: 'packageId',
      label: /*i18n*/ { id: 'field.bill.packageId', message: '套餐编号' },
      type: 'integer',
      form: false,
      filter: 'eq',
      list: false,
    },
    {
      name: 'packageName',
      label: /*i18n*/ { id: 'field.bill.packageName', message: '套餐' },
      type: 'text',
      form: false,
      keyword: true,
      filter: 'like',
      list: { width: 160, sortable: true, hidden: true },
    },
    {
      name: 'kind',
      label: /*i18n*/ { id: 'field.bill.kind', message: '账单类型' },
      type: 'code',
      codes: BILL_KIND_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 100, hidden: ['bilList'] },
    },
    {
      name: 'periods',
      label: /*i18n*/ { id: 'field.bill.periods', message: '周期数' },
      type: 'integer',
      form: false,
      list: { width: 80, hidden: true },
    },
    {
      name: 'amount',
      label: /*i18n*/ { id: 'field.bill.amount', message: '金额（元）' },
      type: 'decimal',
      form: false,
      list: { width: 110 },
    },
    {
      name: 'status',
      label: SHARED_LABELS.status,
      type: 'code',
      codes: BILL_STATUS_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 90, sortable: true },
    },
    {
      name: 'payStatus',
      label: /*i18n*/ { id: 'field.bill.payStatus', message: '支付状态' },
      type: 'code',
      codes: BILL_PAY_STATUS_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 100, hidden: true },
    },
    {
      name: 'method',
      label: /*i18n*/ { id: 'field.bill.method', message: '支付方式' },
      type: 'code',
      codes: BILL_METHOD_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 100, hidden: true },
    },
    {
      name: 'refunded',
      label: /*i18n*/ { id: 'field.bill.refunded', message: '已退款（元）' },
      type: 'decimal',
      form: false,
      list: { width: 110, hidden: true },
    },
    {
      name: 'paidAt',
      label: /*i18n*/ { id: 'field.bill.paidAt', message: '支付时间' },
      type: 'datetime',
      form: false,
      filter: 'range',
      list: { width: 170, sortable: true },
    },
    {
      name: 'userName',
      label: /*i18n*/ { id: 'field.bill.userName', message: '下单人' },
      type: 'text',
      form: false,
      list: { width: 110, hidden: true },
    },
    hiddenColumn(tenantField),
    hiddenColumn(createdAtField),
  ],
};

export default bill;
