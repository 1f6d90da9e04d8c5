import { DELIVERY_TABLE, type CodeEntry } from '../../shared/codes';
import { createdAtField, idField, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

const PUSH_SOURCE_TABLE: readonly CodeEntry<string>[] = [
  { value: 'file', cn: '音频文件', en: 'Audio file' },
  { value: 'tts', cn: '文字转语音', en: 'Text to speech' },
];

/**
 * /pubMusic: the history of audio pushed to speakers, door units and helmets, one row per device
 * and push. Rows are written by the folder's `send` route (./server.ts), never by hand; the
 * delivery state and the device's acknowledgement are read from its broadcast command.
 */
const audioPush: ResourceDef = {
  kind: 'device',
  name: 'audioPush',
  label: /*i18n*/ { id: 'resource.audioPush', message: '音乐推送' },
  routes: ['pubMusic'],
  tenantScoped: true,
  mark: 'audioPush',
  actions: ['delete', 'export'],
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    {
      name: 'imei',
      label: /*i18n*/ { id: 'field.device.imei', message: 'IMEI' },
      type: 'text',
      form: false,
      keyword: true,
      filter: 'like',
      list: { width: 170, sortable: true },
    },
    {
      name: 'deviceName',
      label: /*i18n*/ { id: 'field.audioPush.deviceName', message: '设备名称' },
      type: 'text',
      form: false,
      keyword: true,
      list: { width: 150 },
    },
    {
      name: 'source',
      label: /*i18n*/ { id: 'field.audioPush.source', message: '来源' },
      type: 'code',
      codes: PUSH_SOURCE_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 110 },
    },
    {
      name: 'title',
      label: /*i18n*/ { id: 'field.audioPush.title', message: '内容' },
      type: 'text',
      form: false,
      keyword: true,
      filter: 'like',
      list: { width: 240, sortable: true },
    },
    {
      name: 'file',
      label: /*i18n*/ { id: 'field.audioPush.file', message: '音频' },
      type: 'text',
      form: false,
      list: false,
    },
    {
      name: 'status',
      label: /*i18n*/ { id: 'field.command.status', message: '下发状态' },
      type: 'code',
      codes: DELIVERY_TABLE,
      form: false,
      list: { width: 110 },
    },
    {
      name: 'ackMsg',
      label: /*i18n*/ { id: 'field.command.ack', message: '设备回复' },
      type: 'text',
      form: false,
      list: { width: 160 },
    },
    {
      name: 'ackAt',
      label: /*i18n*/ { id: 'field.command.ackAt', message: '回复时间' },
      type: 'datetime',
      form: false,
      list: { width: 170 },
    },
    {
      name: 'operatorName',
      label: /*i18n*/ { id: 'field.operator', message: '操作人' },
      type: 'text',
      form: false,
      filter: 'like',
      list: { width: 120 },
    },
    tenantField,
    createdAtField,
  ],
};

export default audioPush;
