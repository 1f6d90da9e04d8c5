import { createdAtField, idField, SHARED_LABELS, sortField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

const departmentResource: ResourceDef = {
  kind: 'user',
  name: 'department',
  label: /*i18n*/ { id: 'resource.department', message: '部门' },
  routes: ['departmentManagement'],
  tenantScoped: true,
  mark: 'department',
  defaultSort: { field: 'sort', order: 'asc' },
  fields: [
    idField,
    {
      name: 'name',
      label: SHARED_LABELS.name,
      type: 'text',
      required: true,
      max: 100,
      keyword: true,
      filter: 'like',
      list: { width: 200, sortable: true },
    },
    {
      name: 'pid',
      label: SHARED_LABELS.parent,
      type: 'ref',
      ref: { kind: 'user', resource: 'department', labelField: 'name' },
      filter: 'eq',
      list: { width: 160 },
    },
    sortField,
    {
      name: 'userCount',
      label: /*i18n*/ { id: 'field.department.userCount', message: '人数' },
      type: 'integer',
      form: false,
      list: { width: 90 },
    },
    {
      name: 'tenantId',
      label: SHARED_LABELS.tenant,
      type: 'ref',
      ref: { kind: 'user', resource: 'tenant', labelField: 'name' },
      form: false,
      filter: 'eq',
      list: { width: 160 },
    },
    createdAtField,
  ],
};

export default departmentResource;
