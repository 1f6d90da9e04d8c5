import { RESOURCE_TYPE_TABLE } from '../../shared/codes';
import { idField, SHARED_LABELS, sortField, statusField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

const resourceResource: ResourceDef = {
  kind: 'user',
  name: 'resource',
  label: /*i18n*/ { id: 'resource.resource', message: '资源' },
  routes: ['permissionManager'],
  // The permission catalogue is platform-wide: every tenant reads it, only super administrators change it.
  tenantScoped: false,
  mark: 'resource',
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
      list: { width: 160 },
    },
    {
      name: 'enName',
      label: /*i18n*/ { id: 'field.resource.enName', message: '英文名称' },
      type: 'text',
      max: 64,
      keyword: true,
      list: { width: 160 },
    },
    {
      name: 'type',
      label: /*i18n*/ { id: 'field.resource.type', message: '类型' },
      type: 'code',
      codes: RESOURCE_TYPE_TABLE,
      required: true,
      filter: 'eq',
      list: { width: 80 },
    },
    {
      name: 'pid',
      label: SHARED_LABELS.parent,
      type: 'ref',
      ref: { kind: 'user', resource: 'resource', labelField: 'name' },
      filter: 'eq',
      list: { width: 140 },
    },
    {
      name: 'icon',
      label: /*i18n*/ { id: 'field.resource.icon', message: '图标' },
      type: 'text',
      max: 32,
      list: { width: 90 },
    },
    {
      name: 'uri',
      label: /*i18n*/ { id: 'field.resource.uri', message: '路径' },
      type: 'text',
      max: 200,
      keyword: true,
      list: { width: 180 },
    },
    {
      name: 'value',
      label: /*i18n*/ { id: 'field.resource.value', message: '值' },
      type: 'text',
      max: 64,
      keyword: true,
      filter: 'like',
      list: { width: 160 },
    },
    {
      name: 'mark',
      label: /*i18n*/ { id: 'field.resource.mark', message: '权限标识' },
      type: 'text',
      max: 64,
      keyword: true,
      list: { width: 160 },
    },
    statusField,
    sortField,
  ],
};

export default resourceResource;
