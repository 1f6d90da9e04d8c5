import { createdAtField, idField, sortField, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/**
 * /ProductSpecifications: specification templates (颜色: 红, 蓝, 黑). The product form
 * (/AddProduct) picks them to build its SKU matrix; values are one per line or comma-separated.
 */
const productSpec: ResourceDef = {
  kind: 'mall',
  name: 'productSpec',
  label: /*i18n*/ { id: 'resource.productSpec', message: '商品规格' },
  routes: ['ProductSpecifications'],
  tenantScoped: true,
  mark: 'productSpec',
  defaultSort: { field: 'sort', order: 'asc' },
  fields: [
    idField,
    {
      name: 'name',
      label: /*i18n*/ { id: 'field.productSpec.name', message: '规格名称' },
      type: 'text',
      required: true,
      max: 30,
      keyword: true,
      filter: 'like',
      list: { width: 140, sortable: true },
    },
    {
      name: 'values',
      label: /*i18n*/ { id: 'field.productSpec.values', message: '规格值' },
      type: 'textarea',
      required: true,
      max: 1000,
      keyword: true,
      list: { width: 320 },
    },
    {
      name: 'note',
      label: /*i18n*/ { id: 'field.productSpec.note', message: '备注' },
      type: 'text',
      max: 200,
      list: { width: 180 },
    },
    { ...sortField },
    tenantField,
    createdAtField,
  ],
};

export default productSpec;
