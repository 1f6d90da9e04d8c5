import { APPLICATION_REVIEW_TABLE } from '../../shared/codes';
import { createdAtField, idField, SHARED_LABELS } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/** Enterprise upgrade applications: tenant administrators apply, super administrators review. */
const tenantApplicationResource: ResourceDef = {
  kind: 'user',
  name: 'tenantApplication',
  label: /*i18n*/ { id: 'resource.tenantApplication', message: '企业申请' },
  routes: ['tenantList'],
  tenantScoped: true,
  mark: 'tenantApplication',
  defaultSort: { field: 'id', order: 'desc' },
  // Created through `applyEnterprise` and changed through `review` only.
  actions: [],
  fields: [
    idField,
    {
      name: 'tenantId',
      label: SHARED_LABELS.tenant,
      type: 'ref',
      ref: { kind: 'user', resource: 'tenant', labelField: 'name' },
      form: false,
      filter: 'eq',
      list: { width: 160 },
    },
    // The review screen shows the applying tenant by name; tenants are not listable by its tenant administrators.
    { name: 'tenantName', label: SHARED_LABELS.tenant, type: 'text', form: false, list: { width: 180 } },
    {
      name: 'contact',
      label: /*i18n*/ { id: 'field.tenantApplication.contact', message: '联系人' },
      type: 'text',
      max: 64,
      required: true,
      keyword: true,
      list: { width: 120 },
    },
    { name: 'phone', label: SHARED_LABELS.phone, type: 'phone', required: true, keyword: true, list: { width: 130 } },
    {
      name: 'note',
      label: /*i18n*/ { id: 'field.tenantApplication.note', message: '备注' },
      type: 'textarea',
      max: 500,
      list: { width: 240 },
    },
    {
      name: 'status',
      label: /*i18n*/ { id: 'field.tenantApplication.status', message: '审核状态' },
      type: 'code',
      codes: APPLICATION_REVIEW_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 100 },
    },
    {
      name: 'applicantName',
      label: /*i18n*/ { id: 'field.tenantApplication.applicant', message: '申请人' },
      type: 'text',
      form: false,
      list: { width: 120 },
    },
    createdAtField,
  ],
};

export default tenantApplicationResource;
