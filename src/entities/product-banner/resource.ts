import { createdAtField, idField, sortField, statusField, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/** /productBanner: the storefront carousel; a banner opens its product. Only enabled ones show, by sort. */
const productBanner: ResourceDef = {
  kind: 'mall',
  name: 'productBanner',
  label: /*i18n*/ { id: 'resource.productBanner', message: '商品轮播' },
  routes: ['productBanner'],
  tenantScoped: true,
  mark: 'productBanner',
  defaultSort: { field: 'sort', order: 'asc' },
  fields: [
    idField,
    {
      name: 'title',
      label: /*i18n*/ { id: 'field.productBanner.title', message: '标题' },
      type: 'text',
      required: true,
      max: 100,
      keyword: true,
      filter: 'like',
      list: { width: 180, sortable: true },
    },
    {
      name: 'image',
      label: /*i18n*/ { id: 'field.productBanner.image', message: '轮播图片' },
      type: 'image',
      required: true,
      list: { width: 120 },
    },
    {
      name: 'productId',
      label: /*i18n*/ { id: 'field.productBanner.product', message: '链接商品' },
      type: 'ref',
      ref: { kind: 'mall', resource: 'mallProduct', labelField: 'name' },
      filter: 'eq',
      list: { width: 180 },
    },
    { ...sortField },
    { ...statusField },
    tenantField,
    createdAtField,
  ],
};

export default productBanner;
