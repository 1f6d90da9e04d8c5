import { DEVICE_KIND_TABLE } from '../../shared/codes';
import { createdAtField, idField, SHARED_LABELS, sortField, statusField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/** /DeviceCategoryList: the platform-wide device categories, a tree on pid. */
const deviceCategory: ResourceDef = {
  kind: 'device',
  name: 'deviceCategory',
  label: /*i18n*/ { id: 'resource.deviceCategory', message: '设备分类' },
  routes: ['DeviceCategoryList'],
  tenantScoped: false,
  mark: 'deviceCategory',
  defaultSort: { field: 'sort', order: 'asc' },
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
    {
      name: 'pid',
      label: SHARED_LABELS.parent,
      type: 'ref',
      ref: { kind: 'device', resource: 'deviceCategory', labelField: 'name' },
      filter: 'eq',
      list: { width: 160 },
    },
    {
      name: 'kind',
      label: /*i18n*/ { id: 'field.device.kind', message: '设备类型' },
      type: 'code',
      codes: DEVICE_KIND_TABLE,
      filter: 'eq',
      list: { width: 140 },
    },
    { name: 'description', label: SHARED_LABELS.description, type: 'textarea', max: 500, list: { width: 220 } },
    statusField,
    sortField,
    {
      name: 'deviceCount',
      label: /*i18n*/ { id: 'field.deviceCount', message: '设备数' },
      type: 'integer',
      form: false,
      list: { width: 90 },
    },
    createdAtField,
  ],
};

export default deviceCategory;
