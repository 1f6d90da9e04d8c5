import type { CodeEntry } from '../../shared/codes';
import { createdAtField, idField, SHARED_LABELS, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/** A site manager's employment: 1 on the job, 2 on leave, 3 left. */
export const SITE_MANAGER_STATUS = { active: 1, away: 2, left: 3 } as const;
const SITE_MANAGER_STATUS_TABLE: readonly CodeEntry[] = [
  { value: SITE_MANAGER_STATUS.active, cn: '在职', en: 'On the job' },
  { value: SITE_MANAGER_STATUS.away, cn: '休假', en: 'On leave' },
  { value: SITE_MANAGER_STATUS.left, cn: '离职', en: 'Left' },
];

/** Chinese resident ID: 17 digits and a check digit or X (18 characters). */
const ID_NUMBER_RE = /^\d{17}[\dXx]$/;

/**
 * /manageUser: the managers of a construction site with their post, department, ID and
 * certificate numbers and entry date. `phone` and `idNumber` are personal data: masked for
 * the visitor and for roles without /manageUser (src/shared/mask.ts, by the field names).
 */
const siteManager: ResourceDef = {
  kind: 'user',
  name: 'siteManager',
  label: /*i18n*/ { id: 'resource.siteManager', message: '管理人员' },
  routes: ['manageUser'],
  tenantScoped: true,
  mark: 'siteManager',
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    {
      name: 'name',
      label: /*i18n*/ { id: 'field.siteManager.name', message: '姓名' },
      type: 'text',
      required: true,
      max: 50,
      keyword: true,
      filter: 'like',
      list: { width: 110, fixed: 'left', sortable: true },
    },
    { name: 'phone', label: SHARED_LABELS.phone, type: 'phone', required: true, keyword: true, list: { width: 130 } },
    {
      name: 'postId',
      label: /*i18n*/ { id: 'field.siteManager.post', message: '岗位' },
      type: 'ref',
      ref: { kind: 'user', resource: 'sitePost', labelField: 'name' },
      filter: 'eq',
      list: { width: 130 },
    },
    {
      name: 'departmentId',
      label: /*i18n*/ { id: 'field.siteManager.department', message: '所属部门' },
      type: 'ref',
      ref: { kind: 'user', resource: 'department', labelField: 'name' },
      filter: 'eq',
      list: { width: 140 },
    },
    {
      name: 'idNumber',
      label: /*i18n*/ { id: 'field.siteManager.idNumber', message: '身份证号' },
      type: 'text',
      max: 18,
      pattern: { re: ID_NUMBER_RE, message: 'invalidInput' },
      list: { width: 180 },
    },
    {
      name: 'certificateNo',
      label: /*i18n*/ { id: 'field.siteManager.certificateNo', message: '证书编号' },
      type: 'text',
      max: 50,
      keyword: true,
      filter: 'like',
      list: { width: 150 },
    },
    {
      name: 'entryDate',
      label: /*i18n*/ { id: 'field.siteManager.entryDate', message: '入职日期' },
      type: 'date',
      filter: 'range',
      list: { width: 120, sortable: true },
    },
    {
      name: 'status',
      label: SHARED_LABELS.status,
      type: 'code',
      codes: SITE_MANAGER_STATUS_TABLE,
      required: true,
      filter: 'eq',
      list: { width: 90 },
    },
    tenantField,
    { ...createdAtField, label: SHARED_LABELS.createdAt },
  ],
};

export default siteManager;
