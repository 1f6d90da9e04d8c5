import { createdAtField, idField, SHARED_LABELS, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/**
 * /managePost: the posts of a construction site (project manager, safety officer ...): name,
 * department, duties and how many people it needs; `staffed` counts the site managers holding it.
 */
const sitePost: ResourceDef = {
  kind: 'user',
  name: 'sitePost',
  label: /*i18n*/ { id: 'resource.sitePost', message: '岗位' },
  routes: ['managePost'],
  tenantScoped: true,
  mark: 'sitePost',
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    {
      name: 'name',
      label: /*i18n*/ { id: 'field.sitePost.name', message: '岗位名称' },
      type: 'text',
      required: true,
      max: 50,
      keyword: true,
      filter: 'like',
      list: { width: 160, sortable: true },
    },
    {
      name: 'departmentId',
      label: /*i18n*/ { id: 'field.sitePost.department', message: '所属部门' },
      type: 'ref',
      ref: { kind: 'user', resource: 'department', labelField: 'name' },
      filter: 'eq',
      list: { width: 150 },
    },
    {
      name: 'duties',
      label: /*i18n*/ { id: 'field.sitePost.duties', message: '岗位职责' },
      type: 'textarea',
      max: 2000,
      keyword: true,
      list: { width: 280 },
    },
    {
      name: 'headcount',
      label: /*i18n*/ { id: 'field.sitePost.headcount', message: '编制人数' },
      type: 'integer',
      required: true,
      min: 0,
      max: 10_000,
      list: { width: 100, sortable: true },
    },
    {
      name: 'staffed',
      label: /*i18n*/ { id: 'field.sitePost.staffed', message: '在岗人数' },
      type: 'integer',
      form: false,
      list: { width: 100 },
    },
    tenantField,
    { ...createdAtField, label: SHARED_LABELS.createdAt },
  ],
};

export default sitePost;
