import type { CodeEntry } from '../../shared/codes';
import { createdAtField, idField, SHARED_LABELS, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';
import { FREIGHT_MODE } from '../../shared/freight';

const FREIGHT_MODE_TABLE: readonly CodeEntry<number>[] = [
  { value: FREIGHT_MODE.weight, cn: '按重量', en: 'By weight' },
  { value: FREIGHT_MODE.piece, cn: '按件数', en: 'By piece' },
];

/**
 * /FreightTemplate: how much shipping costs. By weight (units in kg) or by piece: the first unit
 * at its price, each additional unit at its price; free from an order amount and/or a number of
 * pieces; per-region rules (regions of the bundled region data) override charges and thresholds.
 * The rules are edited on the screen (`freightTemplate/setRules`); `freightFor` (./freight.ts)
 * computes the fee.
 */
const freightTemplate: ResourceDef = {
  kind: 'mall',
  name: 'freightTemplate',
  label: /*i18n*/ { id: 'resource.freightTemplate', message: '运费模板' },
  routes: ['FreightTemplate'],
  tenantScoped: true,
  mark: 'freightTemplate',
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    {
      name: 'name',
      label: /*i18n*/ { id: 'field.freightTemplate.name', message: '模板名称' },
      type: 'text',
      required: true,
      max: 50,
      keyword: true,
      filter: 'like',
      list: { width: 180, sortable: true },
    },
    {
      name: 'mode',
      label: /*i18n*/ { id: 'field.freightTemplate.mode', message: '计费方式' },
      type: 'code',
      codes: FREIGHT_MODE_TABLE,
      required: true,
      filter: 'eq',
      list: { width: 100 },
    },
    {
      name: 'firstUnit',
      label: /*i18n*/ { id: 'field.freightTemplate.firstUnit', message: '首重(kg)/首件' },
      type: 'decimal',
      required: true,
      min: 0.01,
      max: 100_000,
      list: { width: 120 },
    },
    {
      name: 'firstPrice',
      label: /*i18n*/ { id: 'field.freightTemplate.firstPrice', message: '首费（元）' },
      type: 'decimal',
      required: true,
      min: 0,
      max: 100_000,
      list: { width: 100 },
    },
    {
      name: 'addUnit',
      label: /*i18n*/ { id: 'field.freightTemplate.addUnit', message: '续重(kg)/续件' },
      type: 'decimal',
      required: true,
      min: 0.01,
      max: 100_000,
      list: { width: 120 },
    },
    {
      name: 'addPrice',
      label: /*i18n*/ { id: 'field.freightTemplate.addPrice', message: '续费（元）' },
      type: 'decimal',
      required: true,
      min: 0,
      max: 100_000,
      list: { width: 100 },
    },
    {
      name: 'freeAmount',
      label: /*i18n*/ { id: 'field.freightTemplate.freeAmount', message: '满额包邮（元）' },
      type: 'decimal',
      min: 0,
      max: 10_000_000,
      list: { width: 120 },
    },
    {
      name: 'freePieces',
      label: /*i18n*/ { id: 'field.freightTemplate.freePieces', message: '满件包邮' },
      type: 'integer',
      min: 1,
      max: 100_000,
      list: { width: 100 },
    },
    {
      name: 'ruleCount',
      label: /*i18n*/ { id: 'field.freightTemplate.ruleCount', message: '地区规则' },
      type: 'integer',
      form: false,
      list: { width: 90 },
    },
    tenantField,
    { ...createdAtField, label: SHARED_LABELS.createdAt },
  ],
};

export default freightTemplate;
