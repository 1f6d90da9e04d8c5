import { DEVICE_KIND_TABLE } from '../../shared/codes';
import { createdAtField, idField } from '../../shared/resources/common';
import { DEVICE_LABELS, imeiField, productRef } from '../../shared/resources/device-fields';
import type { ResourceDef } from '../../shared/resources/types';

/** /ProductionList: what the factory made, one row per device (IMEI). */
const productionRecord: ResourceDef = {
  kind: 'device',
  name: 'productionRecord',
  label: /*i18n*/ { id: 'resource.productionRecord', message: '生产记录' },
  routes: ['ProductionList'],
  // Production happens before any tenant owns the device.
  tenantScoped: false,
  mark: 'product',
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    { ...imeiField, form: true },
    {
      name: 'productId',
      label: DEVICE_LABELS.product,
      type: 'ref',
      ref: productRef,
      required: true,
      filter: 'eq',
      list: { width: 150 },
    },
    {
      name: 'kind',
      label: /*i18n*/ { id: 'field.device.kind', message: '设备类型' },
      type: 'code',
      codes: DEVICE_KIND_TABLE,
      required: true,
      filter: 'eq',
      list: { width: 120 },
    },
    { name: 'model', label: DEVICE_LABELS.model, type: 'text', max: 64, list: { width: 110 } },
    {
      name: 'colour',
      label: /*i18n*/ { id: 'field.production.colour', message: '颜色' },
      type: 'text',
      max: 32,
      list: { width: 80 },
    },
    {
      name: 'serial',
      label: /*i18n*/ { id: 'field.production.serial', message: '序列号' },
      type: 'text',
      max: 64,
      keyword: true,
      list: { width: 140 },
    },
    {
      name: 'cardNumber',
      label: /*i18n*/ { id: 'field.production.cardNumber', message: '卡号' },
      type: 'text',
      max: 32,
      list: { width: 130 },
    },
    { name: 'iccid', label: DEVICE_LABELS.iccid, type: 'text', max: 32, keyword: true, list: { width: 190 } },
    {
      name: 'manufacturer',
      label: /*i18n*/ { id: 'field.production.manufacturer', message: '生产厂家' },
      type: 'text',
      max: 64,
      list: { width: 130 },
    },
    {
      name: 'qaPerson',
      label: /*i18n*/ { id: 'field.production.qaPerson', message: '质检员' },
      type: 'text',
      max: 32,
      list: { width: 100 },
    },
    {
      name: 'salesMode',
      label: /*i18n*/ { id: 'field.production.salesMode', message: '销售模式' },
      type: 'text',
      max: 32,
      list: { width: 100 },
    },
    {
      name: 'agent',
      label: /*i18n*/ { id: 'field.production.agent', message: '代理商' },
      type: 'text',
      max: 64,
      list: { width: 120 },
    },
    {
      name: 'productionDate',
      label: /*i18n*/ { id: 'field.production.date', message: '生产日期' },
      type: 'date',
      filter: 'range',
      list: { width: 120, sortable: true },
    },
    createdAtField,
  ],
};

export default productionRecord;
