import type { CodeEntry } from '../../shared/codes';
import { createdAtField, idField, SHARED_LABELS, statusField, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/** Spec "Product type": 0 data package, 1 add-on, 2 top-up. */
export const PACKAGE_TYPE = { data: 0, addOn: 1, topUp: 2 } as const;
export const PACKAGE_TYPE_TABLE: readonly CodeEntry[] = [
  { value: PACKAGE_TYPE.data, cn: '流量套餐', en: 'Data package' },
  { value: PACKAGE_TYPE.addOn, cn: '叠加包', en: 'Add-on' },
  { value: PACKAGE_TYPE.topUp, cn: '充值', en: 'Top-up' },
];

/** The card a package is sold for. */
export const CARD_TYPE = { any: 0, consumer: 1, industrial: 2, nbIot: 3 } as const;
export const CARD_TYPE_TABLE: readonly CodeEntry[] = [
  { value: CARD_TYPE.any, cn: '通用', en: 'Any' },
  { value: CARD_TYPE.consumer, cn: '消费级卡', en: 'Consumer card' },
  { value: CARD_TYPE.industrial, cn: '工业级卡', en: 'Industrial card' },
  { value: CARD_TYPE.nbIot, cn: 'NB-IoT卡', en: 'NB-IoT card' },
];

/** docs/requirements/states-and-codes.md#language-codes (src/shared/i18n.ts LANG_CODES). */
export const PACKAGE_LANGUAGE_TABLE: readonly CodeEntry[] = [
  { value: 0, cn: '中文', en: 'Chinese' },
  { value: 1, cn: '英语', en: 'English' },
  { value: 2, cn: '俄语', en: 'Russian' },
  { value: 3, cn: '德语', en: 'German' },
  { value: 4, cn: '法语', en: 'French' },
  { value: 5, cn: '阿拉伯语', en: 'Arabic' },
  { value: 6, cn: '西班牙语', en: 'Spanish' },
];

/**
 * /Package (CRUD) and /packageList (the catalogue with "buy"): the SIM card packages a tenant
 * sells. Packages are tenant-scoped (each company prices its own; the demo seed gives every demo
 * company the same six). `price` is in yuan with two decimals (the payment interface takes fen:
 * `yuanToFen(price)`, or `priceFen` of `findPackage` in ../sim-card/actions.ts).
 * `code` is the carrier's package code `changePackage` sends (defaults to `PKG-<id>`).
 */
const simPackage: ResourceDef = {
  kind: 'iot',
  name: 'package',
  label: /*i18n*/ { id: 'resource.package', message: '套餐' },
  routes: ['Package', 'packageList'],
  tenantScoped: true,
  mark: 'package',
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    {
      name: 'name',
      label: /*i18n*/ { id: 'field.package.name', message: '套餐名称' },
      type: 'text',
      required: true,
      max: 60,
      keyword: true,
      filter: 'like',
      list: { width: 180, sortable: true },
    },
    {
      name: 'code',
      label: /*i18n*/ { id: 'field.package.code', message: '运营商套餐编码' },
      type: 'text',
      max: 40,
      keyword: true,
      list: { width: 130 },
    },
    {
      name: 'price',
      label: /*i18n*/ { id: 'field.package.price', message: '价格（元）' },
      type: 'decimal',
      required: true,
      min: 0,
      max: 100_000,
      filter: 'range',
      list: { width: 110, sortable: true },
    },
    {
      name: 'type',
      label: /*i18n*/ { id: 'field.package.type', message: '套餐类型' },
      type: 'code',
      codes: PACKAGE_TYPE_TABLE,
      required: true,
      filter: 'eq',
      list: { width: 100, sortable: true },
    },
    {
      name: 'validityDays',
      label: /*i18n*/ { id: 'field.package.validityDays', message: '有效期（天）' },
      type: 'integer',
      required: true,
      min: 1,
      max: 3660,
      filter: 'range',
      list: { width: 110, sortable: true },
    },
    {
      name: 'dataMb',
      label: /*i18n*/ { id: 'field.package.dataMb', message: '流量（MB）' },
      type: 'integer',
      required: true,
      min: 0,
      max: 10_000_000,
      filter: 'range',
      list: { width: 110, sortable: true },
    },
    {
      name: 'multiplier',
      label: /*i18n*/ { id: 'field.package.multiplier', message: '倍数' },
      type: 'decimal',
      min: 0.01,
      max: 100,
      list: { width: 80 },
    },
    {
      name: 'smsCount',
      label: /*i18n*/ { id: 'field.package.smsCount', message: '短信条数' },
      type: 'integer',
      min: 0,
      max: 1_000_000,
      list: { width: 100, sortable: true },
    },
    {
      name: 'voiceMinutes',
      label: /*i18n*/ { id: 'field.package.voiceMinutes', message: '语音分钟' },
      type: 'integer',
      min: 0,
      max: 1_000_000,
      list: { width: 100, sortable: true },
    },
    {
      name: 'cardType',
      label: /*i18n*/ { id: 'field.package.cardType', message: '卡类型' },
      type: 'code',
      codes: CARD_TYPE_TABLE,
      filter: 'eq',
      list: { width: 110 },
    },
    {
      name: 'language',
      label: /*i18n*/ { id: 'field.package.language', message: '语言' },
      type: 'code',
      codes: PACKAGE_LANGUAGE_TABLE,
      filter: 'eq',
      list: { width: 90 },
    },
    {
      name: 'note',
      label: /*i18n*/ { id: 'field.package.note', message: '备注' },
      type: 'textarea',
      max: 500,
      list: { width: 200 },
    },
    { ...statusField },
    tenantField,
    { ...createdAtField, label: SHARED_LABELS.createdAt },
  ],
};

export default simPackage;
