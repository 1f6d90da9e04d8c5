import { createdAtField, idField, SHARED_LABELS, statusField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/**
 * Organisation resources of docs/requirements/entities.md#organisation and docs/requirements/roles-and-permissions.md,
 * all served under kind `user`.
 */
const tenantResource: ResourceDef = {
  kind: 'user',
  name: 'tenant',
  label: /*i18n*/ { id: 'resource.tenant', message: '租户' },
  routes: ['tenantList'],
  // Tenants are the scope itself: a tenant administrator sees only their own row.
  tenantScoped: false,
  mark: 'tenant',
  defaultSort: { field: 'id', order: 'asc' },
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
      list: { width: 200, sortable: true },
    },
    { name: 'address', label: SHARED_LABELS.address, type: 'text', max: 200, keyword: true, list: { width: 240 } },
    { name: 'phone', label: SHARED_LABELS.phone, type: 'text', max: 32, list: { width: 140 } },
    statusField,
    createdAtField,
  ],
};

export default tenantResource;
