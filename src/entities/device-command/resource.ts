import { DELIVERY_TABLE } from '../../shared/codes';
import { createdAtField, idField, SHARED_LABELS } from '../../shared/resources/common';
import { DEVICE_LABELS, imeiField, tenantRef } from '../../shared/resources/device-fields';
import type { ResourceDef } from '../../shared/resources/types';

/**
 * Commands sent to devices and their delivery (docs/requirements/states-and-codes.md#command-delivery); written by
 * command/send only.
 */
const deviceCommandResource: ResourceDef = {
  kind: 'device',
  name: 'command',
  label: /*i18n*/ { id: 'resource.deviceCommand', message: '指令记录' },
  routes: ['DeviceDtail'],
  tenantScoped: true,
  mark: 'device',
  defaultSort: { field: 'id', order: 'desc' },
  actions: [],
  fields: [
    idField,
    { ...imeiField, form: false, filter: 'eq' },
    {
      name: 'cmd',
      label: /*i18n*/ { id: 'field.command.cmd', message: '指令' },
      type: 'text',
      filter: 'eq',
      list: { width: 120 },
    },
    {
      name: 'params',
      label: /*i18n*/ { id: 'field.command.params', message: '参数' },
      type: 'text',
      list: { width: 200 },
    },
    {
      name: 'status',
      label: /*i18n*/ { id: 'field.command.status', message: '下发状态' },
      type: 'code',
      codes: DELIVERY_TABLE,
      filter: 'eq',
      list: { width: 110 },
    },
    {
      name: 'ackMsg',
      label: /*i18n*/ { id: 'field.command.ack', message: '设备回复' },
      type: 'text',
      list: { width: 160 },
    },
    {
      name: 'ackAt',
      label: /*i18n*/ { id: 'field.command.ackAt', message: '回复时间' },
      type: 'datetime',
      list: { width: 170 },
    },
    { name: 'operatorName', label: DEVICE_LABELS.operator, type: 'text', list: { width: 120 } },
    {
      name: 'tenantId',
      label: SHARED_LABELS.tenant,
      type: 'ref',
      ref: tenantRef,
      form: false,
      filter: 'eq',
      list: { width: 150 },
    },
    createdAtField,
  ],
};

export default deviceCommandResource;
