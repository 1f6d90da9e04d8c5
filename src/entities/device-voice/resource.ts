import { createdAtField, idField, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/**
 * /deviceVoice: short voice messages devices upload (docs/device-protocol.md "Voice messages"),
 * listed per device with time and duration and played in the browser. Rows come from the
 * devices' upload route (./server.ts); operators may delete and export them.
 */
const deviceVoice: ResourceDef = {
  kind: 'device',
  name: 'deviceVoice',
  label: /*i18n*/ { id: 'resource.deviceVoice', message: '设备语音' },
  routes: ['deviceVoice'],
  tenantScoped: true,
  mark: 'deviceVoice',
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
      filter: 'like',
      list: { width: 150 },
    },
    {
      name: 'durationMs',
      label: /*i18n*/ { id: 'field.deviceVoice.durationMs', message: '时长（毫秒）' },
      type: 'integer',
      form: false,
      filter: 'range',
      list: { width: 120, sortable: true },
    },
    {
      name: 'size',
      label: /*i18n*/ { id: 'field.deviceVoice.size', message: '大小（字节）' },
      type: 'integer',
      form: false,
      list: { width: 120 },
    },
    {
      name: 'file',
      label: /*i18n*/ { id: 'field.audioPush.file', message: '音频' },
      type: 'text',
      form: false,
      list: false,
    },
    tenantField,
    createdAtField,
  ],
};

export default deviceVoice;
