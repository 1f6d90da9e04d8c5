import { SOFT_STATUS_TABLE, type CodeEntry } from '../codes';
import { createdAtField, idField, L } from './common';
import type { ResourceDef } from './types';

export const NOTICE_LEVEL_TABLE: readonly CodeEntry<number>[] = [
  { value: 1, cn: '普通', en: 'Normal' },
  { value: 2, cn: '重要', en: 'Important' },
  { value: 3, cn: '紧急', en: 'Urgent' },
];

export const SITE_THEME_TABLE: readonly CodeEntry<string>[] = [
  { value: 'blue', cn: '蓝色科技', en: 'Blue technology' },
  { value: 'white', cn: '白色校园', en: 'White campus' },
];

const tenantField = { name: 'tenantId', label: L.tenant, type: 'ref', ref: { kind: 'user', resource: 'tenant', labelField: 'name' }, form: false, filter: 'eq', list: { width: 150 } } as const;

/**
 * /information, the notices centre: notices a company's administrators publish to its staff. A
 * new notice is pushed (9010) to the company's consoles that are open.
 */
export const noticeResource: ResourceDef = {
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
    { name: 'title', label: /*i18n*/ { id: 'field.notice.title', message: '标题' }, type: 'text', required: true, max: 100, keyword: true, filter: 'like', list: { width: 220, sortable: true } },
    { name: 'content', label: /*i18n*/ { id: 'field.notice.content', message: '内容' }, type: 'textarea', required: true, max: 2000, keyword: true, list: { width: 320 } },
    { name: 'level', label: /*i18n*/ { id: 'field.notice.level', message: '级别' }, type: 'code', codes: NOTICE_LEVEL_TABLE, required: true, filter: 'eq', list: { width: 90 } },
    { name: 'status', label: L.status, type: 'code', codes: SOFT_STATUS_TABLE, form: false, filter: 'eq', list: { width: 90 } },
    tenantField,
    createdAtField,
  ],
};

/** /website: the company's public site settings, one row per company. */
export const websiteResource: ResourceDef = {
  kind: 'user',
  name: 'website',
  label: /*i18n*/ { id: 'resource.website', message: '官网设置' },
  routes: ['website'],
  tenantScoped: true,
  mark: 'website',
  defaultSort: { field: 'id', order: 'asc' },
  actions: ['add', 'update', 'delete', 'export'],
  fields: [
    idField,
    { name: 'siteName', label: /*i18n*/ { id: 'field.website.name', message: '站点名称' }, type: 'text', required: true, max: 64, keyword: true, list: { width: 180 } },
    { name: 'logo', label: /*i18n*/ { id: 'field.website.logo', message: '标志' }, type: 'image', max: 500, list: { width: 100 } },
    { name: 'phone', label: L.phone, type: 'text', max: 32, list: { width: 130 } },
    { name: 'email', label: /*i18n*/ { id: 'field.website.email', message: '邮箱' }, type: 'email', max: 100, list: { width: 180 } },
    { name: 'address', label: L.address, type: 'text', max: 200, list: { width: 220 } },
    { name: 'theme', label: /*i18n*/ { id: 'field.website.theme', message: '主题' }, type: 'code', codes: SITE_THEME_TABLE, required: true, list: { width: 110 } },
    tenantField,
  ],
};

export const SITE_RESOURCES = [noticeResource, websiteResource] as const;
