import { APPLICATION_REVIEW_TABLE, RESOURCE_TYPE_TABLE, GENDER_TABLE, USER_KIND_TABLE } from '../codes';
import { createdAtField, idField, L, sortField, statusField } from './common';
import type { ResourceDef } from './types';

/**
 * Organisation resources of docs/requirements/entities.md#organisation and docs/requirements/roles-and-permissions.md,
 * all served under kind `user`.
 */
export const tenantResource: ResourceDef = {
  kind: 'user',
  name: 'tenant',
  label: /*i18n*/ { id: 'resource.tenant', message: '租户' },
  routes: ['tenantList'],
  // Tenants are the scope itself: a tenant administrator sees only their own row.
  tenantScoped: false,
  mark: 'tenant',
  defaultSort: { field: 'id', order: 'asc' },
  fields: [
    idField,
    { name: 'name', label: L.name, type: 'text', required: true, max: 100, keyword: true, filter: 'like', list: { width: 200, sortable: true } },
    { name: 'address', label: L.address, type: 'text', max: 200, keyword: true, list: { width: 240 } },
    { name: 'phone', label: L.phone, type: 'text', max: 32, list: { width: 140 } },
    statusField,
    createdAtField,
  ],
};

export const departmentResource: ResourceDef = {
  kind: 'user',
  name: 'department',
  label: /*i18n*/ { id: 'resource.department', message: '部门' },
  routes: ['departmentManagement'],
  tenantScoped: true,
  mark: 'department',
  defaultSort: { field: 'sort', order: 'asc' },
  fields: [
    idField,
    { name: 'name', label: L.name, type: 'text', required: true, max: 100, keyword: true, filter: 'like', list: { width: 200, sortable: true } },
    { name: 'pid', label: L.parent, type: 'ref', ref: { kind: 'user', resource: 'department', labelField: 'name' }, filter: 'eq', list: { width: 160 } },
    sortField,
    { name: 'userCount', label: /*i18n*/ { id: 'field.department.userCount', message: '人数' }, type: 'integer', form: false, list: { width: 90 } },
    { name: 'tenantId', label: L.tenant, type: 'ref', ref: { kind: 'user', resource: 'tenant', labelField: 'name' }, form: false, filter: 'eq', list: { width: 160 } },
    createdAtField,
  ],
};

export const userResource: ResourceDef = {
  kind: 'user',
  name: 'user',
  label: /*i18n*/ { id: 'resource.user', message: '用户' },
  routes: ['userList'],
  tenantScoped: true,
  mark: 'user',
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    { name: 'username', label: /*i18n*/ { id: 'field.user.username', message: '用户名' }, type: 'text', required: true, max: 64, form: 'add', keyword: true, filter: 'like', list: { width: 140, fixed: 'left', sortable: true } },
    { name: 'password', label: /*i18n*/ { id: 'field.user.password', message: '密码' }, type: 'password', required: true, min: 6, max: 64, form: 'add', list: false, writeOnly: true },
    { name: 'name', label: /*i18n*/ { id: 'field.user.name', message: '姓名' }, type: 'text', required: true, max: 64, keyword: true, filter: 'like', list: { width: 120, sortable: true } },
    { name: 'nickname', label: /*i18n*/ { id: 'field.user.nickname', message: '昵称' }, type: 'text', max: 64, list: { width: 120 } },
    { name: 'phone', label: /*i18n*/ { id: 'field.user.phone', message: '手机号' }, type: 'phone', keyword: true, filter: 'like', list: { width: 130 } },
    { name: 'email', label: /*i18n*/ { id: 'field.user.email', message: '邮箱' }, type: 'email', max: 128, list: { width: 180 } },
    { name: 'gender', label: /*i18n*/ { id: 'field.user.gender', message: '性别' }, type: 'code', codes: GENDER_TABLE, filter: 'eq', list: { width: 80 } },
    { name: 'departmentId', label: /*i18n*/ { id: 'field.user.department', message: '部门' }, type: 'ref', ref: { kind: 'user', resource: 'department', labelField: 'name' }, filter: 'eq', list: { width: 140 } },
    { name: 'roleIds', label: /*i18n*/ { id: 'field.user.roles', message: '角色' }, type: 'refs', ref: { kind: 'user', resource: 'role', labelField: 'name' }, filter: 'in', list: { width: 180 } },
    { name: 'kind', label: /*i18n*/ { id: 'field.user.kind', message: '用户类型' }, type: 'code', codes: USER_KIND_TABLE, form: false, filter: 'eq', list: { width: 120 } },
    { name: 'parentPhone', label: /*i18n*/ { id: 'field.user.parentPhone', message: '家长电话' }, type: 'phone', list: false },
    { name: 'tenantId', label: L.tenant, type: 'ref', ref: { kind: 'user', resource: 'tenant', labelField: 'name' }, form: 'add', filter: 'eq', list: { width: 160 } },
    statusField,
    createdAtField,
  ],
};

export const roleResource: ResourceDef = {
  kind: 'user',
  name: 'role',
  label: /*i18n*/ { id: 'resource.role', message: '角色' },
  routes: ['roleList'],
  tenantScoped: true,
  mark: 'role',
  defaultSort: { field: 'id', order: 'asc' },
  fields: [
    idField,
    { name: 'name', label: /*i18n*/ { id: 'field.role.name', message: '角色名称' }, type: 'text', required: true, max: 64, keyword: true, filter: 'like', list: { width: 160, sortable: true } },
    { name: 'description', label: L.description, type: 'textarea', max: 500, keyword: true, list: { width: 260 } },
    { name: 'creatorName', label: /*i18n*/ { id: 'field.role.creator', message: '创建人' }, type: 'text', form: false, list: { width: 120 } },
    { name: 'userCount', label: /*i18n*/ { id: 'field.role.userCount', message: '用户数' }, type: 'integer', form: false, list: { width: 90 } },
    { name: 'tenantId', label: L.tenant, type: 'ref', ref: { kind: 'user', resource: 'tenant', labelField: 'name' }, form: 'add', filter: 'eq', list: { width: 160 } },
    createdAtField,
  ],
};

export const resourceResource: ResourceDef = {
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
    { name: 'name', label: L.name, type: 'text', required: true, max: 64, keyword: true, filter: 'like', list: { width: 160 } },
    { name: 'enName', label: /*i18n*/ { id: 'field.resource.enName', message: '英文名称' }, type: 'text', max: 64, keyword: true, list: { width: 160 } },
    { name: 'type', label: /*i18n*/ { id: 'field.resource.type', message: '类型' }, type: 'code', codes: RESOURCE_TYPE_TABLE, required: true, filter: 'eq', list: { width: 80 } },
    { name: 'pid', label: L.parent, type: 'ref', ref: { kind: 'user', resource: 'resource', labelField: 'name' }, filter: 'eq', list: { width: 140 } },
    { name: 'icon', label: /*i18n*/ { id: 'field.resource.icon', message: '图标' }, type: 'text', max: 32, list: { width: 90 } },
    { name: 'uri', label: /*i18n*/ { id: 'field.resource.uri', message: '路径' }, type: 'text', max: 200, keyword: true, list: { width: 180 } },
    { name: 'value', label: /*i18n*/ { id: 'field.resource.value', message: '值' }, type: 'text', max: 64, keyword: true, filter: 'like', list: { width: 160 } },
    { name: 'mark', label: /*i18n*/ { id: 'field.resource.mark', message: '权限标识' }, type: 'text', max: 64, keyword: true, list: { width: 160 } },
    statusField,
    sortField,
  ],
};

/** Enterprise upgrade applications: tenant administrators apply, super administrators review. */
export const tenantApplicationResource: ResourceDef = {
  kind: 'user',
  name: 'tenantApplication',
  label: /*i18n*/ { id: 'resource.tenantApplication', message: '企业申请' },
  routes: ['tenantList'],
  tenantScoped: true,
  mark: 'tenantApplication',
  defaultSort: { field: 'id', order: 'desc' },
  // Created through `applyEnterprise` and changed through `review` only.
  actions: [],
  fields: [
    idField,
    { name: 'tenantId', label: L.tenant, type: 'ref', ref: { kind: 'user', resource: 'tenant', labelField: 'name' }, form: false, filter: 'eq', list: { width: 160 } },
    // The review screen shows the applying tenant by name; tenants are not listable by its tenant administrators.
    { name: 'tenantName', label: L.tenant, type: 'text', form: false, list: { width: 180 } },
    { name: 'contact', label: /*i18n*/ { id: 'field.tenantApplication.contact', message: '联系人' }, type: 'text', max: 64, required: true, keyword: true, list: { width: 120 } },
    { name: 'phone', label: L.phone, type: 'phone', required: true, keyword: true, list: { width: 130 } },
    { name: 'note', label: /*i18n*/ { id: 'field.tenantApplication.note', message: '备注' }, type: 'textarea', max: 500, list: { width: 240 } },
    { name: 'status', label: /*i18n*/ { id: 'field.tenantApplication.status', message: '审核状态' }, type: 'code', codes: APPLICATION_REVIEW_TABLE, form: false, filter: 'eq', list: { width: 100 } },
    { name: 'applicantName', label: /*i18n*/ { id: 'field.tenantApplication.applicant', message: '申请人' }, type: 'text', form: false, list: { width: 120 } },
    createdAtField,
  ],
};

// tenantApplication shares the tenant list's screen; it comes first so that resourceOfRoute('tenantList'),
// which keeps the last entry per route, still answers the tenant resource.
export const ORG_RESOURCES = [tenantApplicationResource, tenantResource, departmentResource, userResource, roleResource, resourceResource] as const;
