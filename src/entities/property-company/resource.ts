import { createdAtField, idField, SHARED_LABELS, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/** /Manag: property companies and the communities they manage (communities.property_company_id). */
const propertyCompany: ResourceDef = {
  kind: 'user',
  name: 'propertyCompany',
  label: /*i18n*/ { id: 'resource.propertyCompany', message: '物业公司' },
  routes: ['Manag'],
  tenantScoped: true,
  mark: 'propertyCompany',
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    {
      name: 'name',
      label: SHARED_LABELS.name,
      type: 'text',
      required: true,
      max: 100,
      keyword: true,
      filter: 'like',
      list: { width: 180, sortable: true },
    },
    {
      name: 'contact',
      label: /*i18n*/ { id: 'field.propertyCompany.contact', message: '联系人' },
      type: 'text',
      max: 50,
      keyword: true,
      list: { width: 110 },
    },
    { name: 'phone', label: SHARED_LABELS.phone, type: 'phone', keyword: true, list: { width: 130 } },
    { name: 'address', label: SHARED_LABELS.address, type: 'text', max: 200, list: { width: 220 } },
    {
      name: 'communityIds',
      label: /*i18n*/ { id: 'field.propertyCompany.communities', message: '管理社区' },
      type: 'refs',
      ref: { kind: 'user', resource: 'community', labelField: 'name' },
      filter: 'in',
      list: { width: 220 },
    },
    tenantField,
    createdAtField,
  ],
};

export default propertyCompany;
