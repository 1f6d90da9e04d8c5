import { ALLOCATION_ACTION_TABLE } from '../../shared/codes';
import { createdAtField, idField } from '../../shared/resources/common';
import { DEVICE_LABELS, imeiField, tenantRef } from '../../shared/resources/device-fields';
import type { ResourceDef } from '../../shared/resources/types';

/** The stock-flow log behind /allocationProcess and /allocation; written by the allocation actions only. */
const allocationResource: ResourceDef = {
  kind: 'device',
  name: 'allocation',
  label: /*i18n*/ { id: 'resource.allocation', message: '分配记录' },
  routes: ['allocationProcess', 'allocation'],
  tenantScoped: true,
  mark: 'device',
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['export'],
  fields: [
    idField,
    { ...imeiField, form: false },
    {
      name: 'action',
      label: /*i18n*/ { id: 'field.allocation.action', message: '操作' },
      type: 'code',
      codes: ALLOCATION_ACTION_TABLE,
      filter: 'eq',
      list: { width: 100 },
    },
    {
      name: 'fromTenantId',
      label: /*i18n*/ { id: 'field.allocation.from', message: '原企业' },
      type: 'ref',
      ref: tenantRef,
      filter: 'eq',
      list: { width: 150 },
    },
    {
      name: 'tenantId',
      label: /*i18n*/ { id: 'field.allocation.to', message: '目标企业' },
      type: 'ref',
      ref: tenantRef,
      filter: 'eq',
      list: { width: 150 },
    },
    { name: 'operatorName', label: DEVICE_LABELS.operator, type: 'text', list: { width: 120 } },
    { name: 'note', label: DEVICE_LABELS.note, type: 'text', list: { width: 200 } },
    createdAtField,
  ],
};

export default allocationResource;
