import type { CodeEntry } from '../../shared/codes';
import { createdAtField, idField, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/** An ad's state on one door unit, from its adPush (or adWithdraw) command and the unit's ack. */
export const AD_DELIVERY = { pending: 0, sent: 1, acknowledged: 2, failed: 3, withdrawing: 4, withdrawn: 5 } as const;

const AD_DELIVERY_TABLE: readonly CodeEntry<number>[] = [
  { value: AD_DELIVERY.pending, cn: '待发送', en: 'Pending' },
  { value: AD_DELIVERY.sent, cn: '已发送', en: 'Sent' },
  { value: AD_DELIVERY.acknowledged, cn: '已确认', en: 'Acknowledged' },
  { value: AD_DELIVERY.failed, cn: '失败', en: 'Failed' },
  { value: AD_DELIVERY.withdrawing, cn: '撤回中', en: 'Withdrawing' },
  { value: AD_DELIVERY.withdrawn, cn: '已撤回', en: 'Withdrawn' },
];

/**
 * /advertisingdistribution: which door unit has which ad, and in what state. Rows come from
 * `POST /api/user/advertisement/distribute`; re-send and withdraw are its routes too.
 */
const adDelivery: ResourceDef = {
  kind: 'user',
  name: 'adDelivery',
  label: /*i18n*/ { id: 'resource.adDelivery', message: '广告投放' },
  routes: ['advertisingdistribution'],
  tenantScoped: true,
  mark: 'adDelivery',
  actions: ['export'],
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    {
      name: 'adId',
      label: /*i18n*/ { id: 'field.adDelivery.adId', message: '广告' },
      type: 'ref',
      ref: { kind: 'user', resource: 'advertisement', labelField: 'title' },
      form: false,
      filter: 'eq',
      list: { width: 180 },
    },
    {
      name: 'imei',
      label: /*i18n*/ { id: 'field.adDelivery.imei', message: '门口机IMEI' },
      type: 'text',
      form: false,
      keyword: true,
      filter: 'like',
      list: { width: 170, sortable: true },
    },
    {
      name: 'deviceName',
      label: /*i18n*/ { id: 'field.adDelivery.deviceName', message: '门口机' },
      type: 'text',
      form: false,
      list: { width: 150 },
    },
    {
      name: 'state',
      label: /*i18n*/ { id: 'field.adDelivery.state', message: '投放状态' },
      type: 'code',
      codes: AD_DELIVERY_TABLE,
      form: false,
      list: { width: 100 },
    },
    {
      name: 'attempts',
      label: /*i18n*/ { id: 'field.adDelivery.attempts', message: '发送次数' },
      type: 'integer',
      form: false,
      list: { width: 90 },
    },
    {
      name: 'ackMsg',
      label: /*i18n*/ { id: 'field.adDelivery.ackMsg', message: '设备回复' },
      type: 'text',
      form: false,
      list: { width: 140 },
    },
    {
      name: 'ackAt',
      label: /*i18n*/ { id: 'field.adDelivery.ackAt', message: '确认时间' },
      type: 'datetime',
      form: false,
      list: { width: 170 },
    },
    {
      name: 'withdrawn',
      label: /*i18n*/ { id: 'field.adDelivery.withdrawn', message: '已撤回' },
      type: 'boolean',
      form: false,
      filter: 'eq',
      list: { width: 80 },
    },
    tenantField,
    createdAtField,
  ],
};

export default adDelivery;
