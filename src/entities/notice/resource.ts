import { SOFT_STATUS_TABLE, type CodeEntry } from '../../shared/codes';
import { createdAtField, idField, SHARED_LABELS, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

const NOTICE_LEVEL_TABLE: readonly CodeEntry<number>[] = [
  { value: 1, cn: '普通', en: 'Normal' },
  { value: 2, cn: '重要', en: 'Important' },
  { value: 3, cn: '紧急', en: 'Urgent' },
];

/**
 * /information, the notices centre: notices a company's administrators publish to its staff. A
 * new notice is pushed (9010) to the company's consoles that are open (./server.ts).
 */
const notice: ResourceDef = {
  kind: 'user',
  name: 'notice',
  label: /*i18n*/ { id: 'resource.notice', message: '通知' },
  routes: ['information'],
  tenantScoped: true,
  mark: 'notice',
  softDelete: true,
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    {
      name: 'title',
      label: /*i18n*/ { id: 'field.notice.title', message: '标题' },
      type: 'text',
      required: true,
      max: 100,
      keyword: true,
      filter: 'like',
      list: { width: 220, sortable: true },
    },
    {
      name: 'content',
      label: /*i18n*/ { id: 'field.notice.content', message: '内容' },
      type: 'textarea',
      required: true,
      max: 2000,
      keyword: true,
      list: { width: 320 },
    },
    {
      name: 'level',
      label: /*i18n*/ { id: 'field.notice.level', message: '级别' },
      type: 'code',
      codes: NOTICE_LEVEL_TABLE,
      required: true,
      filter: 'eq',
      list: { width: 90 },
    },
    {
      name: 'status',
      label: SHARED_LABELS.status,
      type: 'code',
      codes: SOFT_STATUS_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 90 },
    },
    tenantField,
    createdAtField,
  ],
};

export default notice;
