import { createdAtField, idField, SHARED_LABELS, sortField, statusField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/** /productList: the device products (`device/product`; the folder is named apart from the mall's `product`). */
const product: ResourceDef = {
  kind: 'device',
  name: 'product',
  label: /*i18n*/ { id: 'resource.product', message: '产品' },
  routes: ['productList'],
  // The manufacturer's catalogue: every tenant reads it, super administrators change it.
  tenantScoped: false,
  mark: 'product',
  defaultSort: { field: 'sort', order: 'asc' },
  fields: [
    idField,
    {
      name: 'name',
      label: SHARED_LABELS.name,
      type: 'text',
      required: true,
      max: 64,
      keyword: true,
      filter: 'like',
      list: { width: 180, sortable: true },
    },
    {
      name: 'code',
      label: /*i18n*/ { id: 'field.product.code', message: '产品编号' },
      type: 'text',
      required: true,
      max: 32,
      keyword: true,
      filter: 'like',
      list: { width: 140, sortable: true },
    },
    {
      name: 'header',
      label: /*i18n*/ { id: 'field.product.header', message: '表头' },
      type: 'text',
      max: 64,
      list: { width: 140 },
    },
    {
      name: 'image',
      label: /*i18n*/ { id: 'field.image', message: '图片' },
      type: 'image',
      max: 500,
      list: { width: 100 },
    },
    {
      name: 'note',
      label: /*i18n*/ { id: 'field.note', message: '备注' },
      type: 'textarea',
      max: 500,
      list: { width: 220 },
    },
    {
      name: 'strictFraming',
      label: /*i18n*/ { id: 'field.product.strictFraming', message: '严格帧校验' },
      type: 'boolean',
      list: { width: 110 },
    },
    {
      name: 'jt808AuthRequired',
      label: /*i18n*/ { id: 'field.product.jt808AuthRequired', message: 'JT/T 808 需鉴权' },
      type: 'boolean',
      list: { width: 130 },
    },
    statusField,
    sortField,
    {
      name: 'deviceCount',
      label: /*i18n*/ { id: 'field.deviceCount', message: '设备数' },
      type: 'integer',
      form: false,
      list: { width: 90 },
    },
    createdAtField,
  ],
};

export default product;
