import { createdAtField, idField, SHARED_LABELS, tenantField } from '../../shared/resources/common';
import { COMMUNITY_LIMITS } from '../../shared/community-naming';
import type { ResourceDef } from '../../shared/resources/types';

/** The rule a community starts with: 1栋2单元1803 for building 1, unit 2, floor 18, room 3. */
export const DEFAULT_NAMING_RULE = '{building}栋{unit}单元{floor}{room:02}';

export const COMMUNITY_LABELS = {
  community: /*i18n*/ { id: 'field.community', message: '社区' },
  building: /*i18n*/ { id: 'field.building', message: '楼栋' },
  unit: /*i18n*/ { id: 'field.unit', message: '单元' },
  floor: /*i18n*/ { id: 'field.floor', message: '楼层' },
  number: /*i18n*/ { id: 'field.community.number', message: '编号' },
  area: /*i18n*/ { id: 'field.community.area', message: '面积(m²)' },
  electricityRate: /*i18n*/ { id: 'field.community.electricityRate', message: '电费(元/度)' },
  waterRate: /*i18n*/ { id: 'field.community.waterRate', message: '水费(元/吨)' },
};

/**
 * /communityManagement: a community (region, name, address, area), the sizes of its building tree
 * and the naming rule its rooms are generated with (src/shared/community-naming.ts; the generation is a job,
 * ./generate.ts), and its electricity and water rates.
 */
const community: ResourceDef = {
  kind: 'user',
  name: 'community',
  label: /*i18n*/ { id: 'resource.community', message: '社区' },
  routes: ['communityManagement'],
  tenantScoped: true,
  mark: 'community',
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
      name: 'province',
      label: /*i18n*/ { id: 'field.community.province', message: '省' },
      type: 'text',
      max: 50,
      filter: 'eq',
      list: { width: 100 },
    },
    {
      name: 'city',
      label: /*i18n*/ { id: 'field.community.city', message: '市' },
      type: 'text',
      max: 50,
      filter: 'eq',
      list: { width: 100 },
    },
    {
      name: 'district',
      label: /*i18n*/ { id: 'field.community.district', message: '区' },
      type: 'text',
      max: 50,
      filter: 'eq',
      list: { width: 100 },
    },
    { name: 'address', label: SHARED_LABELS.address, type: 'text', max: 200, keyword: true, list: { width: 200 } },
    {
      name: 'area',
      label: COMMUNITY_LABELS.area,
      type: 'decimal',
      min: 0,
      max: 100_000_000,
      list: { width: 110, sortable: true },
    },
    {
      name: 'buildingCount',
      label: /*i18n*/ { id: 'field.community.buildingCount', message: '楼栋数' },
      type: 'integer',
      min: 0,
      max: COMMUNITY_LIMITS.buildings,
      list: { width: 90 },
    },
    {
      name: 'unitCount',
      label: /*i18n*/ { id: 'field.community.unitCount', message: '每栋单元数' },
      type: 'integer',
      min: 0,
      max: COMMUNITY_LIMITS.units,
      list: { width: 100 },
    },
    {
      name: 'floorCount',
      label: /*i18n*/ { id: 'field.community.floorCount', message: '楼层数' },
      type: 'integer',
      min: 0,
      max: COMMUNITY_LIMITS.floors,
      list: { width: 90 },
    },
    {
      name: 'roomCount',
      label: /*i18n*/ { id: 'field.community.roomCount', message: '每层房间数' },
      type: 'integer',
      min: 0,
      max: COMMUNITY_LIMITS.rooms,
      list: { width: 100 },
    },
    {
      name: 'namingRule',
      label: /*i18n*/ { id: 'field.community.namingRule', message: '房间命名规则' },
      type: 'text',
      max: 100,
      form: 'add',
      list: { width: 220 },
    },
    {
      name: 'electricityRate',
      label: COMMUNITY_LABELS.electricityRate,
      type: 'decimal',
      min: 0,
      max: 1000,
      list: { width: 110, sortable: true },
    },
    {
      name: 'waterRate',
      label: COMMUNITY_LABELS.waterRate,
      type: 'decimal',
      min: 0,
      max: 1000,
      list: { width: 110, sortable: true },
    },
    {
      name: 'propertyCompanyId',
      label: /*i18n*/ { id: 'field.community.propertyCompany', message: '物业公司' },
      type: 'ref',
      ref: { kind: 'user', resource: 'propertyCompany', labelField: 'name' },
      filter: 'eq',
      list: { width: 150 },
    },
    tenantField,
    createdAtField,
  ],
};

export default community;
