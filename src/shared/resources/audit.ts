import type { CodeEntry } from '../codes';
import { idField, L } from './common';
import type { FieldDef, ResourceDef } from './types';

// Both logs are ordered and filtered by when it happened.
const atField: FieldDef = {
  name: 'at',
  label: /*i18n*/ { id: 'field.audit.at', message: '时间' },
  type: 'datetime',
  form: false,
  filter: 'range',
  list: { width: 170, sortable: true },
};

export const AUDIT_ACTION_TABLE: readonly CodeEntry<string>[] = [
  { value: 'add', cn: '新增', en: 'Add' },
  { value: 'update', cn: '修改', en: 'Update' },
  { value: 'delete', cn: '删除', en: 'Delete' },
  // A view of a record whose every reading is audited (a monitored person's, src/entities/monitored-person).
  { value: 'view', cn: '查看', en: 'View' },
];

/**
 * The audit trail behind /table: every write through the resource engine with who made it and
 * the row before and after (server: plugins/audit.ts). Read-only; only users whose menu grants
 * /table see it, since before/after hold whatever the rows held.
 */
export const auditLogResource: ResourceDef = {
  kind: 'user',
  name: 'auditLog',
  label: /*i18n*/ { id: 'resource.auditLog', message: '操作日志' },
  routes: ['table'],
  tenantScoped: true,
  privateRows: true,
  mark: 'audit',
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['export'],
  fields: [
    idField,
    atField,
    {
      name: 'userId',
      label: /*i18n*/ { id: 'field.audit.user', message: '操作人' },
      type: 'ref',
      ref: { kind: 'user', resource: 'user', labelField: 'name' },
      form: false,
      filter: 'eq',
      list: { width: 120 },
    },
    {
      name: 'action',
      label: /*i18n*/ { id: 'field.audit.action', message: '操作' },
      type: 'code',
      codes: AUDIT_ACTION_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 80 },
    },
    {
      name: 'resource',
      label: /*i18n*/ { id: 'field.audit.resource', message: '对象' },
      type: 'text',
      form: false,
      filter: 'eq',
      keyword: true,
      list: { width: 150 },
    },
    {
      name: 'rowId',
      label: /*i18n*/ { id: 'field.audit.rowId', message: '记录编号' },
      type: 'integer',
      form: false,
      filter: 'eq',
      list: { width: 90 },
    },
    {
      name: 'before',
      label: /*i18n*/ { id: 'field.audit.before', message: '修改前' },
      type: 'textarea',
      form: false,
      list: { width: 260 },
    },
    {
      name: 'after',
      label: /*i18n*/ { id: 'field.audit.after', message: '修改后' },
      type: 'textarea',
      form: false,
      list: { width: 260 },
    },
    {
      name: 'tenantId',
      label: L.tenant,
      type: 'ref',
      ref: { kind: 'user', resource: 'tenant', labelField: 'name' },
      form: false,
      filter: 'eq',
      list: { width: 150 },
    },
  ],
};

export const SIGN_IN_OUTCOME_TABLE: readonly CodeEntry<string>[] = [
  { value: 'failed', cn: '失败', en: 'Failed' },
  { value: 'throttled', cn: '已限流', en: 'Throttled' },
];

export const SIGN_IN_KIND_TABLE: readonly CodeEntry<string>[] = [
  { value: 'password', cn: '密码登录', en: 'Password' },
  { value: 'sms', cn: '短信登录', en: 'SMS code' },
  { value: 'smsSend', cn: '发送验证码', en: 'Code sent' },
];

/**
 * /tables: sign-in attempts that failed or were throttled, across the platform (docs/security.md
 * "throttling"). Only super administrators see rows; the account tried is shown, never a secret.
 */
export const signInAuditResource: ResourceDef = {
  kind: 'user',
  name: 'signInAudit',
  label: /*i18n*/ { id: 'resource.signInAudit', message: '登录审计' },
  routes: ['tables'],
  tenantScoped: false,
  privateRows: true,
  mark: 'audit',
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['export'],
  fields: [
    idField,
    atField,
    {
      name: 'kind',
      label: /*i18n*/ { id: 'field.signIn.kind', message: '方式' },
      type: 'code',
      codes: SIGN_IN_KIND_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 110 },
    },
    {
      name: 'account',
      label: /*i18n*/ { id: 'field.signIn.account', message: '账号' },
      type: 'text',
      form: false,
      filter: 'like',
      keyword: true,
      list: { width: 160, sortable: true },
    },
    {
      name: 'address',
      label: /*i18n*/ { id: 'field.signIn.address', message: '来源地址' },
      type: 'text',
      form: false,
      filter: 'eq',
      keyword: true,
      list: { width: 150 },
    },
    {
      name: 'outcome',
      label: /*i18n*/ { id: 'field.signIn.outcome', message: '结果' },
      type: 'code',
      codes: SIGN_IN_OUTCOME_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 90 },
    },
  ],
};

export const AUDIT_RESOURCES = [auditLogResource, signInAuditResource] as const;
