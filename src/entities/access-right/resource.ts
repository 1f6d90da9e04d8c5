import type { CodeEntry } from '../../shared/codes';
import { TIME_WINDOW_RE } from '../../shared/devices/access';
import { createdAtField, idField, SHARED_LABELS, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';
import { COMMUNITY_LABELS } from '../community/resource';

/** Who a right is for. */
export const SUBJECT = { resident: 1, staff: 2, visitor: 3 } as const;
const SUBJECT_TABLE: readonly CodeEntry<number>[] = [
  { value: SUBJECT.resident, cn: '住户', en: 'Resident' },
  { value: SUBJECT.staff, cn: '物业人员', en: 'Staff' },
  { value: SUBJECT.visitor, cn: '访客', en: 'Visitor' },
];

/**
 * The delivery of a door unit's credential list (./push.ts): pending (stored, the unit offline),
 * sent (the broker took it), acknowledged (the unit applied it), failed (not published, or the unit
 * refused), retried (re-sent and not acknowledged yet).
 */
export type PushState = 'pending' | 'sent' | 'acknowledged' | 'failed' | 'retried';

/** One door unit's newest credential list and its delivery (./push.ts answers it, the console lists it). */
export interface Delivery {
  deviceId: number;
  imei: string;
  name: string | null;
  online: boolean;
  version: number;
  credentials: number;
  attempts: number;
  state: PushState;
  ackMsg: string | null;
  ackAt: string | null;
  updatedAt: string;
}

/**
 * /rightsManagement: who may open which door units when. A resident's right follows the binding
 * (only a passed or assigned resident's is pushed); a visitor's needs an expiry and carries a QR
 * token; a time window (HH:MM-HH:MM) is optional. Every change pushes the affected door units
 * their whole list again (docs/device-protocol.md#door-access).
 */
const accessRight: ResourceDef = {
  kind: 'user',
  name: 'accessRight',
  label: /*i18n*/ { id: 'resource.accessRight', message: '门禁权限' },
  routes: ['rightsManagement'],
  tenantScoped: true,
  mark: 'accessRight',
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    {
      name: 'subject',
      label: /*i18n*/ { id: 'field.accessRight.subject', message: '对象类型' },
      type: 'code',
      codes: SUBJECT_TABLE,
      required: true,
      filter: 'eq',
      list: { width: 90 },
    },
    {
      name: 'residentId',
      label: /*i18n*/ { id: 'field.resident', message: '住户' },
      type: 'ref',
      ref: { kind: 'user', resource: 'resident', labelField: 'name' },
      filter: 'eq',
      list: { width: 110 },
    },
    {
      name: 'name',
      label: /*i18n*/ { id: 'field.accessRight.name', message: '姓名' },
      type: 'text',
      max: 50,
      keyword: true,
      filter: 'like',
      list: { width: 110, sortable: true },
    },
    { name: 'phone', label: SHARED_LABELS.phone, type: 'phone', keyword: true, list: { width: 130 } },
    {
      name: 'communityId',
      label: COMMUNITY_LABELS.community,
      type: 'ref',
      ref: { kind: 'user', resource: 'community', labelField: 'name' },
      filter: 'eq',
      list: { width: 140 },
    },
    {
      name: 'deviceIds',
      label: /*i18n*/ { id: 'field.accessRight.devices', message: '门口机' },
      type: 'refs',
      ref: { kind: 'device', resource: 'device', labelField: 'name' },
      required: true,
      filter: 'in',
      list: { width: 200 },
    },
    {
      name: 'validFrom',
      label: /*i18n*/ { id: 'field.accessRight.validFrom', message: '生效时间' },
      type: 'datetime',
      filter: 'range',
      list: { width: 160 },
    },
    {
      name: 'validUntil',
      label: /*i18n*/ { id: 'field.accessRight.validUntil', message: '失效时间' },
      type: 'datetime',
      filter: 'range',
      list: { width: 160, sortable: true },
    },
    {
      name: 'timeWindow',
      label: /*i18n*/ { id: 'field.accessRight.timeWindow', message: '每日时段' },
      type: 'text',
      max: 11,
      pattern: { re: TIME_WINDOW_RE, message: 'timeWindowInvalid' },
      list: { width: 110 },
    },
    {
      name: 'faceSampleIds',
      label: /*i18n*/ { id: 'field.accessRight.faceSampleIds', message: '人脸样本' },
      type: 'text',
      max: 200,
      list: false,
    },
    {
      name: 'qrToken',
      label: /*i18n*/ { id: 'field.accessRight.qrToken', message: '二维码' },
      type: 'text',
      form: false,
      list: { width: 100 },
    },
    {
      name: 'revoked',
      label: /*i18n*/ { id: 'field.accessRight.revoked', message: '已撤销' },
      type: 'boolean',
      form: false,
      filter: 'eq',
      list: { width: 80 },
    },
    tenantField,
    createdAtField,
  ],
};

export default accessRight;
