import { createdAtField, idField, SHARED_LABELS } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

const roleResource: ResourceDef = {
  kind: 'user',
  name: 'role',
  label: /*i18n*/ { id: 'resource.role', message: '角色' },
  routes: ['roleList'],
  tenantScoped: true,
  mark: 'role',
  defaultSort: { field: 'id', order: 'asc' },
  fields: [
    idField,
    {
      name: 'name',
      label: /*i18n*/ { id: 'field.role.name', message: '角色名称' },
      type: 'text',
      required: true,
      max: 64,
      keyword: true,
      filter: 'like',
      list: { width: 160, sortable: true },
    },
    {
      name: 'description',
      label: SHARED_LABELS.description,
      type: 'textarea',
      max: 500,
      keyword: true,
      list: { width: 260 },
    },
    {
      name: 'creatorName',
      label: /*i18n*/ { id: 'field.role.creator', message: '创建人' },
      type: 'text',
      form: false,
      list: { width: 120 },
    },
    {
      name: 'userCount',
      label: /*i18n*/ { id: 'field.role.userCount', message: '用户数' },
      type: 'integer',
      form: false,
      list: { width: 90 },
    },
    {
      name: 'tenantId',
      label: SHARED_LABELS.tenant,
      type: 'ref',
      ref: { kind: 'user', resource: 'tenant', labelField: 'name' },
      form: 'add',
      filter: 'eq',
      list: { width: 160 },
    },
    createdAtField,
  ],
};

export default roleResource;
