import type { CodeEntry } from '../../shared/codes';
import { atField } from '../../shared/resources/audit-fields';
import { idField, SHARED_LABELS } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

const AUDIT_ACTION_TABLE: readonly CodeEntry<string>[] = [
  { value: 'add', cn: '新增', en: 'Add' },
  { value: 'update', cn: '修改', en: 'Update' },
  { value: 'delete', cn: '删除', en: 'Delete' },
  // A view of a record whose every reading is audited (a monitored person's, src/entities/monitored-person).
  { value: 'view', cn: '查看', en: 'View' },
  // A request made with an integration key (src/entities/integration-key), answered or refused.
  { value: 'use', cn: '调用', en: 'API call' },
];

/**
 * The audit trail behind /table: every write through the resource engine with who made it and
 * the row before and after (server: plugins/audit.ts). Read-only; only users whose menu grants
 * /table see it, since before/after hold whatever the rows held.
 */
const auditLog: ResourceDef = {
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
      label: SHARED_LABELS.tenant,
      type: 'ref',
      ref: { kind: 'user', resource: 'tenant', labelField: 'name' },
      form: false,
      filter: 'eq',
      list: { width: 150 },
    },
  ],
};

export default auditLog;
