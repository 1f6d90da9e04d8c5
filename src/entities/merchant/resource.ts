import {
  createdAtField,
  idField,
  SHARED_LABELS,
  sortField,
  statusField,
  tenantField,
} from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/**
 * The shops of the business-district mall (/shangquanshangcheng): each merchant sells its own
 * products; a product without a merchant is the operator's own official shop's.
 */
const merchant: ResourceDef = {
  kind: 'mall',
  name: 'merchant',
  label: /*i18n*/ { id: 'resource.merchant', message: '商户' },
  routes: ['shangquanshangcheng'],
  tenantScoped: true,
  mark: 'merchant',
  defaultSort: { field: 'sort', order: 'asc' },
  fields: [
    idField,
    {
      name: 'name',
      label: /*i18n*/ { id: 'field.merchant.name', message: '店铺名称' },
      type: 'text',
      required: true,
      max: 100,
      keyword: true,
      filter: 'like',
      list: { width: 180, sortable: true },
    },
    {
      name: 'logo',
      label: /*i18n*/ { id: 'field.merchant.logo', message: '店铺标志' },
      type: 'image',
      list: { width: 90 },
    },
    {
      name: 'contact',
      label: /*i18n*/ { id: 'field.merchant.contact', message: '联系人' },
      type: 'text',
      required: true,
      max: 50,
      keyword: true,
      list: { width: 110 },
    },
    { name: 'phone', label: SHARED_LABELS.phone, type: 'phone', required: true, keyword: true, list: { width: 130 } },
    { name: 'address', label: SHARED_LABELS.address, type: 'text', max: 200, list: { width: 200 } },
    {
      name: 'intro',
      label: /*i18n*/ { id: 'field.merchant.intro', message: '店铺简介' },
      type: 'textarea',
      max: 500,
      list: false,
    },
    { ...sortField },
    { ...statusField },
    tenantField,
    createdAtField,
  ],
};

export default merchant;
