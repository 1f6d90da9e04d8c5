import { createdAtField, idField, SHARED_LABELS } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

const tenantRef = { kind: 'user', resource: 'tenant', labelField: 'name' } as const;

/** /ProductGrouping, /group: a tenant's device groups (a fence can watch a whole group). */
const deviceGroup: ResourceDef = {
  kind: 'device',
  name: 'deviceGroup',
  label: /*i18n*/ { id: 'resource.deviceGroup', message: '设备分组' },
  routes: ['ProductGrouping', 'group'],
  tenantScoped: true,
  mark: 'device',
  defaultSort: { field: 'id', order: 'asc' },
  fields: [
    idField,
    {
      name: 'name',
      label: SHARED_LABELS.name,
      type: 'text',
      required: true,
      max: 64,
      keyword: true,
      filter: 'like',
      list: { width: 180, sortable: true },
    },
    { name: 'description', label: SHARED_LABELS.description, type: 'textarea', max: 500, list: { width: 240 } },
    {
      name: 'deviceCount',
      label: /*i18n*/ { id: 'field.deviceCount', message: '设备数' },
      type: 'integer',
      form: false,
      list: { width: 90 },
    },
    {
      name: 'tenantId',
      label: SHARED_LABELS.tenant,
      type: 'ref',
      ref: tenantRef,
      form: 'add',
      filter: 'eq',
      list: { width: 160 },
    },
    createdAtField,
  ],
};

export default deviceGroup;
