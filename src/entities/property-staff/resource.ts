import { createdAtField, HHMM_PATTERN, idField, SHARED_LABELS, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/**
 * /PropertyPersonnel: property staff, the console user each one is, the communities they serve and
 * when they are on duty (the flag, or daily duty hours), and which notices they receive. Door calls
 * and SOS from a community go to the consoles of its staff on duty (./routing.ts), else to everyone.
 */
const propertyStaff: ResourceDef = {
  kind: 'user',
  name: 'propertyStaff',
  label: /*i18n*/ { id: 'resource.propertyStaff', message: '物业人员' },
  routes: ['PropertyPersonnel'],
  tenantScoped: true,
  mark: 'propertyStaff',
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    {
      name: 'name',
      label: SHARED_LABELS.name,
      type: 'text',
      required: true,
      max: 50,
      keyword: true,
      filter: 'like',
      list: { width: 120, sortable: true },
    },
    { name: 'phone', label: SHARED_LABELS.phone, type: 'phone', keyword: true, list: { width: 130 } },
    {
      name: 'post',
      label: /*i18n*/ { id: 'field.propertyStaff.post', message: '岗位' },
      type: 'text',
      max: 50,
      filter: 'like',
      list: { width: 110 },
    },
    {
      name: 'userId',
      label: /*i18n*/ { id: 'field.propertyStaff.user', message: '控制台账号' },
      type: 'ref',
      ref: { kind: 'user', resource: 'user', labelField: 'username' },
      filter: 'eq',
      list: { width: 130 },
    },
    {
      name: 'propertyCompanyId',
      label: /*i18n*/ { id: 'field.community.propertyCompany', message: '物业公司' },
      type: 'ref',
      ref: { kind: 'user', resource: 'propertyCompany', labelField: 'name' },
      filter: 'eq',
      list: { width: 150 },
    },
    {
      name: 'communityIds',
      label: /*i18n*/ { id: 'field.propertyStaff.communities', message: '服务社区' },
      type: 'refs',
      ref: { kind: 'user', resource: 'community', labelField: 'name' },
      filter: 'in',
      list: { width: 200 },
    },
    {
      name: 'onDuty',
      label: /*i18n*/ { id: 'field.propertyStaff.onDuty', message: '在岗' },
      type: 'boolean',
      filter: 'eq',
      list: { width: 80 },
    },
    {
      name: 'dutyStart',
      label: /*i18n*/ { id: 'field.propertyStaff.dutyStart', message: '值班开始(时:分)' },
      type: 'text',
      max: 5,
      pattern: HHMM_PATTERN,
      list: { width: 110 },
    },
    {
      name: 'dutyEnd',
      label: /*i18n*/ { id: 'field.propertyStaff.dutyEnd', message: '值班结束(时:分)' },
      type: 'text',
      max: 5,
      pattern: HHMM_PATTERN,
      list: { width: 110 },
    },
    {
      name: 'receiveDoorCalls',
      label: /*i18n*/ { id: 'field.propertyStaff.receiveDoorCalls', message: '接收门口机呼叫' },
      type: 'boolean',
      filter: 'eq',
      list: { width: 120 },
    },
    {
      name: 'receiveSos',
      label: /*i18n*/ { id: 'field.propertyStaff.receiveSos', message: '接收SOS' },
      type: 'boolean',
      filter: 'eq',
      list: { width: 100 },
    },
    tenantField,
    createdAtField,
  ],
};

export default propertyStaff;
