import { APPROVAL_KIND_TABLE, APPROVAL_STATE_TABLE } from '../../shared/approvals';
import { createdAtField, idField, SHARED_LABELS, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/**
 * Approval requests (/audit, 审批记录): one per announcement, leave or other request submitted on
 * a node. Read-only here: they start from their module (submitApproval) and move through the
 * plugin's approve / reject / withdraw (src/server/approvals/), each decision a step.
 */
const approval: ResourceDef = {
  kind: 'user',
  name: 'approval',
  label: /*i18n*/ { id: 'resource.approval', message: '审批' },
  routes: ['audit'],
  tenantScoped: true,
  mark: 'approval',
  actions: ['export'],
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    {
      name: 'title',
      label: /*i18n*/ { id: 'field.approval.title', message: '审批事项' },
      type: 'text',
      form: false,
      max: 200,
      keyword: true,
      filter: 'like',
      list: { width: 220 },
    },
    {
      name: 'kind',
      label: /*i18n*/ { id: 'field.approval.kind', message: '类型' },
      type: 'code',
      codes: APPROVAL_KIND_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 90 },
    },
    {
      name: 'refId',
      label: /*i18n*/ { id: 'field.approval.refId', message: '关联单号' },
      type: 'integer',
      form: false,
      filter: 'eq',
      list: false,
    },
    {
      name: 'applicantId',
      label: /*i18n*/ { id: 'field.approval.applicant', message: '申请人' },
      type: 'ref',
      ref: { kind: 'user', resource: 'user', labelField: 'name' },
      form: false,
      filter: 'eq',
      list: { width: 120 },
    },
    {
      name: 'nodeId',
      label: /*i18n*/ { id: 'field.approval.node', message: '审批节点' },
      type: 'ref',
      ref: { kind: 'user', resource: 'approvalNode', labelField: 'name' },
      form: false,
      filter: 'eq',
      list: { width: 140 },
    },
    {
      name: 'level',
      label: /*i18n*/ { id: 'field.approval.level', message: '当前级别' },
      type: 'integer',
      form: false,
      list: { width: 90 },
    },
    {
      name: 'levelCount',
      label: /*i18n*/ { id: 'field.approval.levelCount', message: '审批级数' },
      type: 'integer',
      form: false,
      list: { width: 90 },
    },
    {
      name: 'state',
      label: SHARED_LABELS.status,
      type: 'code',
      codes: APPROVAL_STATE_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 90, sortable: true },
    },
    {
      name: 'comment',
      label: /*i18n*/ { id: 'field.approval.comment', message: '审批意见' },
      type: 'text',
      form: false,
      list: { width: 200 },
    },
    {
      name: 'decidedAt',
      label: /*i18n*/ { id: 'field.approval.decidedAt', message: '完成时间' },
      type: 'datetime',
      form: false,
      filter: 'range',
      list: { width: 170, sortable: true },
    },
    tenantField,
    createdAtField,
  ],
};

export default approval;
