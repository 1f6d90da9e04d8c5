import type { CodeEntry } from '../../shared/codes';
import { ACCESS_METHODS, ACCESS_REASONS, type AccessMethod, type AccessReason } from '../../shared/devices/access';
import { idField, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';
import { COMMUNITY_LABELS } from '../community/resource';

const METHOD_NAMES: Record<AccessMethod, [string, string]> = {
  card: ['刷卡', 'Card'],
  face: ['人脸', 'Face'],
  qr: ['二维码', 'QR code'],
  remote: ['远程开门', 'Remote'],
  call: ['呼叫开门', 'Call'],
  password: ['密码', 'Password'],
};
export const ACCESS_METHOD_TABLE: readonly CodeEntry<string>[] = ACCESS_METHODS.map((m) => ({
  value: m,
  cn: METHOD_NAMES[m][0],
  en: METHOD_NAMES[m][1],
}));

const REASON_NAMES: Record<AccessReason, [string, string]> = {
  ok: ['允许', 'Allowed'],
  unknown: ['未知凭证', 'Unknown credential'],
  revoked: ['已撤销', 'Revoked'],
  expired: ['已过期', 'Expired'],
  notYetValid: ['未生效', 'Not valid yet'],
  outsideWindow: ['不在时段内', 'Outside its hours'],
  noMatch: ['未匹配', 'No match'],
};
const ACCESS_REASON_TABLE: readonly CodeEntry<string>[] = ACCESS_REASONS.map((r) => ({
  value: r,
  cn: REASON_NAMES[r][0],
  en: REASON_NAMES[r][1],
}));

/**
 * The access events door units report (`access` uplinks, docs/device-protocol.md#door-access):
 * opened or refused, by card, face, QR code, remote opening or call; listed in /rightsManagement
 * with filters and export.
 */
const accessEvent: ResourceDef = {
  kind: 'user',
  name: 'accessEvent',
  label: /*i18n*/ { id: 'resource.accessEvent', message: '通行记录' },
  routes: ['rightsManagement'],
  tenantScoped: true,
  mark: 'accessEvent',
  actions: ['export'],
  defaultSort: { field: 'at', order: 'desc' },
  fields: [
    idField,
    {
      name: 'at',
      label: /*i18n*/ { id: 'field.accessEvent.at', message: '时间' },
      type: 'datetime',
      form: false,
      filter: 'range',
      list: { width: 170, sortable: true },
    },
    {
      name: 'method',
      label: /*i18n*/ { id: 'field.accessEvent.method', message: '开门方式' },
      type: 'code',
      codes: ACCESS_METHOD_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 100 },
    },
    {
      name: 'granted',
      label: /*i18n*/ { id: 'field.accessEvent.granted', message: '已开门' },
      type: 'boolean',
      form: false,
      filter: 'eq',
      list: { width: 80 },
    },
    {
      name: 'reason',
      label: /*i18n*/ { id: 'field.accessEvent.reason', message: '结果' },
      type: 'code',
      codes: ACCESS_REASON_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 110 },
    },
    {
      name: 'credential',
      label: /*i18n*/ { id: 'field.accessEvent.credential', message: '凭证' },
      type: 'text',
      form: false,
      keyword: true,
      filter: 'like',
      list: { width: 150 },
    },
    {
      name: 'deviceId',
      label: /*i18n*/ { id: 'field.accessEvent.device', message: '门口机' },
      type: 'ref',
      ref: { kind: 'device', resource: 'device', labelField: 'name' },
      form: false,
      filter: 'eq',
      list: { width: 150 },
    },
    {
      name: 'imei',
      label: /*i18n*/ { id: 'field.imei', message: 'IMEI' },
      type: 'text',
      form: false,
      keyword: true,
      list: { width: 150 },
    },
    {
      name: 'communityId',
      label: COMMUNITY_LABELS.community,
      type: 'ref',
      ref: { kind: 'user', resource: 'community', labelField: 'name' },
      form: false,
      filter: 'eq',
      list: { width: 140 },
    },
    {
      name: 'unitId',
      label: COMMUNITY_LABELS.unit,
      type: 'ref',
      ref: { kind: 'user', resource: 'unit', labelField: 'name' },
      form: false,
      filter: 'eq',
      list: { width: 100 },
    },
    {
      name: 'residentId',
      label: /*i18n*/ { id: 'field.resident', message: '住户' },
      type: 'ref',
      ref: { kind: 'user', resource: 'resident', labelField: 'name' },
      form: false,
      filter: 'eq',
      list: { width: 110 },
    },
    tenantField,
  ],
};

export default accessEvent;
