import {
  FENCE_SHAPE_TABLE,
  FENCE_STATUS_TABLE,
  FENCE_TYPE_TABLE,
  MAX_FENCE_DWELL_S,
  MAX_FENCE_RADIUS_M,
} from '../../shared/geo/fence';
import { createdAtField, idField, SHARED_LABELS } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

const F = {
  type: /*i18n*/ { id: 'field.fence.type', message: '围栏类型' },
  shape: /*i18n*/ { id: 'field.fence.shape', message: '围栏形状' },
  radius: /*i18n*/ { id: 'field.fence.radius', message: '半径(米)' },
  longitude: /*i18n*/ { id: 'field.fence.longitude', message: '经度' },
  latitude: /*i18n*/ { id: 'field.fence.latitude', message: '纬度' },
  dwell: /*i18n*/ { id: 'field.fence.dwell', message: '越界确认(秒)' },
};

/**
 * Geofences (/fenceList, docs/requirements/entities.md#geofence). List, get, delete and export come from the
 * generic engine; add and update take geometry and assignments, so they are routes of their own
 * (./routes.ts) validated by fenceAddBody/fenceUpdateBody.
 */
const fence: ResourceDef = {
  kind: 'device',
  name: 'fence',
  label: /*i18n*/ { id: 'resource.fence', message: '围栏' },
  routes: ['fenceList'],
  tenantScoped: true,
  mark: 'fence',
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['delete', 'export'],
  fields: [
    idField,
    {
      name: 'name',
      label: SHARED_LABELS.name,
      type: 'text',
      required: true,
      max: 64,
      keyword: true,
      filter: 'like',
      list: { width: 180, sortable: true },
    },
    {
      name: 'type',
      label: F.type,
      type: 'code',
      codes: FENCE_TYPE_TABLE,
      required: true,
      filter: 'eq',
      list: { width: 110, sortable: true },
    },
    {
      name: 'shape',
      label: F.shape,
      type: 'code',
      codes: FENCE_SHAPE_TABLE,
      required: true,
      filter: 'eq',
      list: { width: 100 },
    },
    {
      name: 'status',
      label: SHARED_LABELS.status,
      type: 'code',
      codes: FENCE_STATUS_TABLE,
      required: true,
      filter: 'eq',
      list: { width: 90 },
    },
    { name: 'radius', label: F.radius, type: 'decimal', min: 0, max: MAX_FENCE_RADIUS_M, list: { width: 100 } },
    { name: 'longitude', label: F.longitude, type: 'decimal', min: -180, max: 180, list: { width: 120 } },
    { name: 'latitude', label: F.latitude, type: 'decimal', min: -90, max: 90, list: { width: 120 } },
    {
      name: 'description',
      label: SHARED_LABELS.description,
      type: 'textarea',
      max: 500,
      keyword: true,
      list: { width: 220 },
    },
    // Seconds beyond the boundary before a crossing is raised (docs/fences.md "Dwell"); empty: the service's FENCE_DWELL_S.
    { name: 'dwell', label: F.dwell, type: 'integer', min: 0, max: MAX_FENCE_DWELL_S, list: { width: 110 } },
    {
      name: 'deviceCount',
      label: /*i18n*/ { id: 'field.deviceCount', message: '设备数' },
      type: 'integer',
      form: false,
      list: { width: 90 },
    },
    {
      name: 'tenantId',
      label: SHARED_LABELS.tenant,
      type: 'ref',
      ref: { kind: 'user', resource: 'tenant', labelField: 'name' },
      form: false,
      filter: 'eq',
      list: { width: 150 },
    },
    createdAtField,
  ],
};

export default fence;
