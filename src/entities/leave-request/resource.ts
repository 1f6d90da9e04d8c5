import type { CodeEntry } from '../../shared/codes';
import { createdAtField, idField, SHARED_LABELS, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';
import { stateMachine } from '../../shared/state-machine';

/**
 * Leave types (docs/requirements/entities.md#approval-and-leave): 1 funeral, 2 maternity,
 * 3 marriage, 4 work injury, 5 sick, 6 personal.
 */
export const LEAVE_TYPE = { funeral: 1, maternity: 2, marriage: 3, workInjury: 4, sick: 5, personal: 6 } as const;
export const LEAVE_TYPE_TABLE: readonly CodeEntry[] = [
  { value: LEAVE_TYPE.funeral, cn: '丧假', en: 'Funeral leave' },
  { value: LEAVE_TYPE.maternity, cn: '产假', en: 'Maternity leave' },
  { value: LEAVE_TYPE.marriage, cn: '婚假', en: 'Marriage leave' },
  { value: LEAVE_TYPE.workInjury, cn: '工伤假', en: 'Work injury leave' },
  { value: LEAVE_TYPE.sick, cn: '病假', en: 'Sick leave' },
  { value: LEAVE_TYPE.personal, cn: '事假', en: 'Personal leave' },
];

/** 1 pending (its approval runs), 2 approved, 3 rejected, 4 cancelled. */
export const LEAVE_STATE = { pending: 1, approved: 2, rejected: 3, cancelled: 4 } as const;
const LEAVE_STATE_TABLE: readonly CodeEntry[] = [
  { value: LEAVE_STATE.pending, cn: '待审批', en: 'Pending' },
  { value: LEAVE_STATE.approved, cn: '已批准', en: 'Approved' },
  { value: LEAVE_STATE.rejected, cn: '已驳回', en: 'Rejected' },
  { value: LEAVE_STATE.cancelled, cn: '已取消', en: 'Cancelled' },
];

/** The approval decides a pending request; a pending or approved one may be cancelled. */
export const LEAVE_MACHINE = stateMachine<number>('leave', {
  [LEAVE_STATE.pending]: [LEAVE_STATE.approved, LEAVE_STATE.rejected, LEAVE_STATE.cancelled],
  [LEAVE_STATE.approved]: [LEAVE_STATE.cancelled],
  [LEAVE_STATE.rejected]: [],
  [LEAVE_STATE.cancelled]: [],
});

const LEAVE_REASON_MAX = 500;

/**
 * /AuditNotice 请假通知: leave requests. Adding one starts an approval (kind 'leave') on the
 * chosen node; the decision sets the state; approved leave feeds attendance (./leave.ts).
 */
const leaveRequest: ResourceDef = {
  kind: 'user',
  name: 'leaveRequest',
  label: /*i18n*/ { id: 'resource.leaveRequest', message: '请假申请' },
  routes: ['AuditNotice'],
  tenantScoped: true,
  mark: 'leaveRequest',
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    {
      name: 'userId',
      label: /*i18n*/ { id: 'field.leaveRequest.user', message: '申请人' },
      type: 'ref',
      ref: { kind: 'user', resource: 'user', labelField: 'name' },
      form: 'add',
      filter: 'eq',
      list: { width: 120 },
    },
    {
      name: 'type',
      label: /*i18n*/ { id: 'field.leaveRequest.type', message: '请假类型' },
      type: 'code',
      codes: LEAVE_TYPE_TABLE,
      required: true,
      filter: 'eq',
      list: { width: 100 },
    },
    {
      name: 'startAt',
      label: /*i18n*/ { id: 'field.leaveRequest.startAt', message: '开始时间' },
      type: 'datetime',
      required: true,
      filter: 'range',
      list: { width: 170, sortable: true },
    },
    {
      name: 'endAt',
      label: /*i18n*/ { id: 'field.leaveRequest.endAt', message: '结束时间' },
      type: 'datetime',
      required: true,
      list: { width: 170, sortable: true },
    },
    {
      name: 'reason',
      label: /*i18n*/ { id: 'field.leaveRequest.reason', message: '请假事由' },
      type: 'textarea',
      required: true,
      max: LEAVE_REASON_MAX,
      keyword: true,
      // Often a diagnosis or a family matter (sick leave): special-category data.
      personal: 'special',
      list: { width: 220 },
    },
    {
      name: 'nodeId',
      label: /*i18n*/ { id: 'field.leaveRequest.node', message: '审批节点' },
      type: 'ref',
      ref: { kind: 'user', resource: 'approvalNode', labelField: 'name' },
      required: true,
      form: 'add',
      filter: 'eq',
      list: { width: 140 },
    },
    {
      name: 'state',
      label: SHARED_LABELS.status,
      type: 'code',
      codes: LEAVE_STATE_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 90, sortable: true },
    },
    {
      name: 'approvalId',
      label: /*i18n*/ { id: 'field.leaveRequest.approval', message: '审批单号' },
      type: 'integer',
      form: false,
      list: false,
    },
    tenantField,
    createdAtField,
  ],
};

export default leaveRequest;
