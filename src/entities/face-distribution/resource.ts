import type { CodeEntry } from '../../shared/codes';
import { createdAtField, idField, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/** Delivery of a library to one door unit: from its newest `faceLibrary` command and the unit's ack. */
export const FACE_DELIVERY = { pending: 1, sent: 2, acknowledged: 3, failed: 4 } as const;
const FACE_DELIVERY_TABLE: readonly CodeEntry<number>[] = [
  { value: 1, cn: '待发送', en: 'Pending' },
  { value: 2, cn: '已发送', en: 'Sent' },
  { value: 3, cn: '已确认', en: 'Acknowledged' },
  { value: 4, cn: '失败', en: 'Failed' },
];

/**
 * /distribute: which face library went to which door unit, and how far it got. A push is a
 * `faceLibrary` command (src/shared/devices/faces.ts) through the device command log, so its
 * delivery is the command's: pending (not sent: the unit was offline), sent (the broker took
 * it), acknowledged (the unit loaded it) or failed; a re-send sends it again and counts.
 */
const faceDistribution: ResourceDef = {
  kind: 'device',
  name: 'faceDistribution',
  label: /*i18n*/ { id: 'resource.faceDistribution', message: '人脸下发' },
  routes: ['distribute'],
  tenantScoped: true,
  mark: 'faceDistribution',
  actions: ['delete', 'export'],
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    {
      name: 'libraryId',
      label: /*i18n*/ { id: 'field.faceDistribution.libraryId', message: '人脸库' },
      type: 'ref',
      ref: { kind: 'user', resource: 'faceLibrary', labelField: 'name' },
      form: false,
      filter: 'eq',
      list: { width: 140 },
    },
    {
      name: 'imei',
      label: /*i18n*/ { id: 'field.faceDistribution.imei', message: '设备IMEI' },
      type: 'text',
      form: false,
      keyword: true,
      filter: 'like',
      list: { width: 160, sortable: true },
    },
    {
      name: 'deviceName',
      label: /*i18n*/ { id: 'field.faceDistribution.deviceName', message: '门口机' },
      type: 'text',
      form: false,
      list: { width: 140 },
    },
    {
      name: 'delivery',
      label: /*i18n*/ { id: 'field.faceDistribution.delivery', message: '下发状态' },
      type: 'code',
      codes: FACE_DELIVERY_TABLE,
      form: false,
      list: { width: 100 },
    },
    {
      name: 'error',
      label: /*i18n*/ { id: 'field.faceDistribution.error', message: '原因' },
      type: 'text',
      form: false,
      list: { width: 160 },
    },
    {
      name: 'sampleCount',
      label: /*i18n*/ { id: 'field.faceDistribution.sampleCount', message: '样本数' },
      type: 'integer',
      form: false,
      list: { width: 80 },
    },
    {
      name: 'attempts',
      label: /*i18n*/ { id: 'field.faceDistribution.attempts', message: '发送次数' },
      type: 'integer',
      form: false,
      list: { width: 90 },
    },
    {
      name: 'ackAt',
      label: /*i18n*/ { id: 'field.faceDistribution.ackAt', message: '确认时间' },
      type: 'datetime',
      form: false,
      list: { width: 170 },
    },
    tenantField,
    createdAtField,
  ],
};

export default faceDistribution;
