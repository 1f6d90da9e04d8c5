import type { CodeEntry } from '../../shared/codes';
import { createdAtField, idField, SHARED_LABELS, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';
import { stateMachine } from '../../shared/state-machine';

/** An announcement's level: urgent ones are also spoken on the recipients' consoles. */
export const ANNOUNCEMENT_LEVEL = { normal: 1, important: 2, urgent: 3 } as const;
export const ANNOUNCEMENT_LEVEL_TABLE: readonly CodeEntry[] = [
  { value: ANNOUNCEMENT_LEVEL.normal, cn: '普通', en: 'Normal' },
  { value: ANNOUNCEMENT_LEVEL.important, cn: '重要', en: 'Important' },
  { value: ANNOUNCEMENT_LEVEL.urgent, cn: '紧急', en: 'Urgent' },
];

/** The needs-approval flag (docs/requirements/states-and-codes.md#reviews-and-approvals): 1 needed, 2 not needed. */
export const NEED_APPROVAL = { needed: 1, notNeeded: 2 } as const;
/** "Not needed" first: the form's (and a generated body's) plain default. */
const NEED_APPROVAL_TABLE: readonly CodeEntry[] = [
  { value: NEED_APPROVAL.notNeeded, cn: '无需审批', en: 'No approval' },
  { value: NEED_APPROVAL.needed, cn: '需要审批', en: 'Approval needed' },
];

/** Who it reaches: the named departments, roles and people, or everyone of the company (and all its screens). */
export const ANNOUNCEMENT_SCOPE = { recipients: 1, site: 2 } as const;
/** The whole site first: it needs nobody named (the plain default of a form or a generated body). */
const ANNOUNCEMENT_SCOPE_TABLE: readonly CodeEntry[] = [
  { value: ANNOUNCEMENT_SCOPE.site, cn: '全工地', en: 'Whole site' },
  { value: ANNOUNCEMENT_SCOPE.recipients, cn: '指定接收人', en: 'Named recipients' },
];

export const ANNOUNCEMENT_STATE = { draft: 1, pending: 2, published: 3, rejected: 4, withdrawn: 5 } as const;
export const ANNOUNCEMENT_STATE_TABLE: readonly CodeEntry[] = [
  { value: ANNOUNCEMENT_STATE.draft, cn: '草稿', en: 'Draft' },
  { value: ANNOUNCEMENT_STATE.pending, cn: '审批中', en: 'Pending approval' },
  { value: ANNOUNCEMENT_STATE.published, cn: '已发布', en: 'Published' },
  { value: ANNOUNCEMENT_STATE.rejected, cn: '已驳回', en: 'Rejected' },
  { value: ANNOUNCEMENT_STATE.withdrawn, cn: '已撤回', en: 'Withdrawn' },
];

/**
 * draft -> published (no approval needed) or pending (submitted to its approval node);
 * pending -> published (the last level approved), rejected (a level rejected) or withdrawn;
 * published -> withdrawn; a rejected or withdrawn one is edited back into a draft. Anything else
 * is 'noSuchTransition'.
 */
export const ANNOUNCEMENT_MACHINE = stateMachine<number>('announcement', {
  [ANNOUNCEMENT_STATE.draft]: [ANNOUNCEMENT_STATE.pending, ANNOUNCEMENT_STATE.published],
  [ANNOUNCEMENT_STATE.pending]: [
    ANNOUNCEMENT_STATE.published,
    ANNOUNCEMENT_STATE.rejected,
    ANNOUNCEMENT_STATE.withdrawn,
  ],
  [ANNOUNCEMENT_STATE.published]: [ANNOUNCEMENT_STATE.withdrawn],
  [ANNOUNCEMENT_STATE.rejected]: [ANNOUNCEMENT_STATE.draft],
  [ANNOUNCEMENT_STATE.withdrawn]: [ANNOUNCEMENT_STATE.draft],
});

/** States whose content may still change (an edit makes it a draft again). */
export const ANNOUNCEMENT_EDITABLE: readonly number[] = [
  ANNOUNCEMENT_STATE.draft,
  ANNOUNCEMENT_STATE.rejected,
  ANNOUNCEMENT_STATE.withdrawn,
];

/** Device kinds with a screen (and a speaker) that show an announcement's text: helmets and door units. */
export const ANNOUNCEMENT_DEVICE_KINDS = ['helmet', 'doorUnit'] as const;

/** Publish (or submit for approval) and withdraw: beyond the CRUD set (src/shared/permissions.ts EXTRA_MARKS). */
export const ANNOUNCEMENT_MARK_PUBLISH = 'announcement:publish' as const;

/** What the inbox (`announcement/inbox/list`) answers per announcement. */
export interface InboxItem {
  id: number;
  title: string;
  content: string;
  level: number;
  publisherName: string | null;
  publishAt: string;
  readAt: string | null;
}

/** What `announcement/receipts/list` answers per recipient. */
export interface ReceiptRow {
  userId: number;
  name: string;
  departmentName: string | null;
  readAt: string | null;
}

const F = {
  departmentIds: /*i18n*/ { id: 'field.announcement.departmentIds', message: '接收部门' },
  roleIds: /*i18n*/ { id: 'field.announcement.roleIds', message: '接收角色' },
  userIds: /*i18n*/ { id: 'field.announcement.userIds', message: '接收人' },
};

/**
 * /AnnouncementList 公告列表: announcements a company publishes to its people (departments, roles,
 * named users, or the whole site), directly or after its approval node's levels decided
 * (src/server/approvals/). Published ones reach the recipients' consoles live (push 9060, spoken
 * when urgent) and the helmets and door units of the scope; /AnnouncementListtc and
 * /siteAnnouncement are the recipients' inbox with read receipts (./routes.ts).
 */
const announcement: ResourceDef = {
  kind: 'user',
  name: 'announcement',
  label: /*i18n*/ { id: 'resource.announcement', message: '公告' },
  routes: ['AnnouncementList'],
  tenantScoped: true,
  mark: 'announcement',
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    {
      name: 'title',
      label: /*i18n*/ { id: 'field.announcement.title', message: '标题' },
      type: 'text',
      required: true,
      max: 100,
      keyword: true,
      filter: 'like',
      list: { width: 220, sortable: true },
    },
    {
      name: 'content',
      label: /*i18n*/ { id: 'field.announcement.content', message: '内容' },
      type: 'textarea',
      required: true,
      max: 2000,
      keyword: true,
      list: { width: 280 },
    },
    {
      name: 'level',
      label: /*i18n*/ { id: 'field.announcement.level', message: '级别' },
      type: 'code',
      codes: ANNOUNCEMENT_LEVEL_TABLE,
      required: true,
      filter: 'eq',
      list: { width: 90, sortable: true },
    },
    {
      name: 'scope',
      label: /*i18n*/ { id: 'field.announcement.scope', message: '发布范围' },
      type: 'code',
      codes: ANNOUNCEMENT_SCOPE_TABLE,
      required: true,
      filter: 'eq',
      list: { width: 110 },
    },
    {
      name: 'departmentIds',
      label: F.departmentIds,
      type: 'refs',
      ref: { kind: 'user', resource: 'department', labelField: 'name' },
      list: { width: 160 },
    },
    {
      name: 'roleIds',
      label: F.roleIds,
      type: 'refs',
      ref: { kind: 'user', resource: 'role', labelField: 'name' },
      list: { width: 160 },
    },
    {
      name: 'userIds',
      label: F.userIds,
      type: 'refs',
      ref: { kind: 'user', resource: 'user', labelField: 'name' },
      list: { width: 160 },
    },
    {
      name: 'needApproval',
      label: /*i18n*/ { id: 'field.announcement.needApproval', message: '是否审批' },
      type: 'code',
      codes: NEED_APPROVAL_TABLE,
      required: true,
      filter: 'eq',
      list: { width: 100 },
    },
    {
      name: 'approvalNodeId',
      label: /*i18n*/ { id: 'field.announcement.approvalNodeId', message: '审批节点' },
      type: 'ref',
      ref: { kind: 'user', resource: 'approvalNode', labelField: 'name' },
      list: { width: 140 },
    },
    {
      name: 'publishAt',
      label: /*i18n*/ { id: 'field.announcement.publishAt', message: '发布时间' },
      type: 'datetime',
      filter: 'range',
      list: { width: 170, sortable: true },
    },
    {
      name: 'state',
      label: SHARED_LABELS.status,
      type: 'code',
      codes: ANNOUNCEMENT_STATE_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 100, sortable: true },
    },
    {
      name: 'publisherName',
      label: /*i18n*/ { id: 'field.announcement.publisherName', message: '发布人' },
      type: 'text',
      form: false,
      list: { width: 120 },
    },
    {
      name: 'reviewerName',
      label: /*i18n*/ { id: 'field.announcement.reviewerName', message: '审核人' },
      type: 'text',
      form: false,
      list: { width: 120 },
    },
    {
      name: 'reviewComment',
      label: /*i18n*/ { id: 'field.announcement.reviewComment', message: '审批意见' },
      type: 'text',
      form: false,
      list: false,
    },
    {
      name: 'recipientCount',
      label: /*i18n*/ { id: 'field.announcement.recipientCount', message: '接收人数' },
      type: 'integer',
      form: false,
      list: false,
    },
    {
      name: 'readCount',
      label: /*i18n*/ { id: 'field.announcement.readCount', message: '已读' },
      type: 'integer',
      form: false,
      list: { width: 90 },
    },
    {
      name: 'deviceCount',
      label: /*i18n*/ { id: 'field.announcement.deviceCount', message: '下发设备数' },
      type: 'integer',
      form: false,
      list: { width: 100 },
    },
    tenantField,
    createdAtField,
  ],
};

export default announcement;
