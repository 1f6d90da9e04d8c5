import { COMMUNITY_LABELS } from '../community/resource';
import { createdAtField, idField, SHARED_LABELS, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/**
 * /unitManagement/:imei?: the units (entrances) of a building, each with its floor count, optional
 * electricity and water rates overriding the community's, and its door units (the plugin's
 * doorUnits / attachDoorUnit / detachDoorUnit; the optional :imei opens the unit of that door unit).
 */
const unit: ResourceDef = {
  kind: 'user',
  name: 'unit',
  label: /*i18n*/ { id: 'resource.unit', message: '单元' },
  routes: ['unitManagement'],
  tenantScoped: true,
  mark: 'unit',
  defaultSort: { field: 'id', order: 'asc' },
  fields: [
    idField,
    {
      name: 'communityId',
      label: COMMUNITY_LABELS.community,
      type: 'ref',
      ref: { kind: 'user', resource: 'community', labelField: 'name' },
      form: false,
      filter: 'eq',
      list: { width: 160 },
    },
    {
      name: 'buildingId',
      label: COMMUNITY_LABELS.building,
      type: 'ref',
      ref: { kind: 'user', resource: 'building', labelField: 'name' },
      required: true,
      form: 'add',
      filter: 'eq',
      list: { width: 120 },
    },
    {
      name: 'number',
      label: COMMUNITY_LABELS.number,
      type: 'integer',
      required: true,
      min: 1,
      max: 1000,
      list: { width: 80, sortable: true },
    },
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
    {
      name: 'floorCount',
      label: /*i18n*/ { id: 'field.unit.floorCount', message: '楼层数' },
      type: 'integer',
      min: 0,
      max: 200,
      list: { width: 90 },
    },
    {
      name: 'electricityRate',
      label: COMMUNITY_LABELS.electricityRate,
      type: 'decimal',
      min: 0,
      max: 1000,
      list: { width: 110 },
    },
    { name: 'waterRate', label: COMMUNITY_LABELS.waterRate, type: 'decimal', min: 0, max: 1000, list: { width: 110 } },
    tenantField,
    createdAtField,
  ],
};

export default unit;
