import type { CodeEntry } from '../../shared/codes';
import { idField, SHARED_LABELS, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

const SITE_THEME_TABLE: readonly CodeEntry<string>[] = [
  { value: 'blue', cn: '蓝色科技', en: 'Blue technology' },
  { value: 'white', cn: '白色校园', en: 'White campus' },
];

/** /website: the company's public site settings, one row per company. */
const website: ResourceDef = {
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
    {
      name: 'siteName',
      label: /*i18n*/ { id: 'field.website.name', message: '站点名称' },
      type: 'text',
      required: true,
      max: 64,
      keyword: true,
      list: { width: 180 },
    },
    {
      name: 'logo',
      label: /*i18n*/ { id: 'field.website.logo', message: '标志' },
      type: 'image',
      max: 500,
      list: { width: 100 },
    },
    { name: 'phone', label: SHARED_LABELS.phone, type: 'text', max: 32, list: { width: 130 } },
    {
      name: 'email',
      label: /*i18n*/ { id: 'field.website.email', message: '邮箱' },
      type: 'email',
      max: 100,
      list: { width: 180 },
    },
    { name: 'address', label: SHARED_LABELS.address, type: 'text', max: 200, list: { width: 220 } },
    {
      name: 'theme',
      label: /*i18n*/ { id: 'field.website.theme', message: '主题' },
      type: 'code',
      codes: SITE_THEME_TABLE,
      required: true,
      list: { width: 110 },
    },
    tenantField,
  ],
};

export default website;
