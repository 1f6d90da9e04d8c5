import { COMMUNITY_LABELS } from '../community/resource';
import { createdAtField, idField, SHARED_LABELS, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/** /roomManagement: the rooms of a unit, named by the community's naming rule when generated. */
const room: ResourceDef = {
  kind: 'user',
  name: 'room',
  label: /*i18n*/ { id: 'resource.room', message: '房间' },
  routes: ['roomManagement'],
  tenantScoped: true,
  mark: 'room',
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
      form: false,
      filter: 'eq',
      list: { width: 110 },
    },
    {
      name: 'unitId',
      label: COMMUNITY_LABELS.unit,
      type: 'ref',
      ref: { kind: 'user', resource: 'unit', labelField: 'name' },
      required: true,
      form: 'add',
      filter: 'eq',
      list: { width: 110 },
    },
    {
      name: 'floor',
      label: COMMUNITY_LABELS.floor,
      type: 'integer',
      required: true,
      min: -10,
      max: 200,
      filter: 'eq',
      list: { width: 80, sortable: true },
    },
    {
      name: 'number',
      label: /*i18n*/ { id: 'field.room.number', message: '房号' },
      type: 'integer',
      required: true,
      min: 1,
      max: 1000,
      list: { width: 80 },
    },
    {
      name: 'name',
      label: SHARED_LABELS.name,
      type: 'text',
      required: true,
      max: 100,
      keyword: true,
      filter: 'like',
      list: { width: 160, sortable: true },
    },
    { name: 'area', label: COMMUNITY_LABELS.area, type: 'decimal', min: 0, max: 100_000, list: { width: 110 } },
    tenantField,
    createdAtField,
  ],
};

export default room;
