import type { CodeEntry } from '../../shared/codes';
import { createdAtField, idField, SHARED_LABELS, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';
import { floorField, INDOOR_MAP_LABELS, mapRef, metres } from '../indoor-map/resource';

/**
 * UWB base station status, docs/requirements/states-and-codes.md#default-status-variant: 0 default, 1 disabled, else
 * normal.
 */
export const UWB_STATUS = { default: 0, disabled: 1, normal: 2 } as const;
export const UWB_STATUS_TABLE: readonly CodeEntry[] = [
  { value: UWB_STATUS.default, cn: '默认', en: 'Default' },
  { value: UWB_STATUS.disabled, cn: '禁用', en: 'Disabled' },
  { value: UWB_STATUS.normal, cn: '正常', en: 'Normal' },
];

/** /baseList: the UWB anchors, placed in metres on their drawing's or map's floor. */
const uwbBaseStation: ResourceDef = {
  kind: 'device',
  name: 'uwbBaseStation',
  label: /*i18n*/ { id: 'resource.uwbBaseStation', message: 'UWB基站' },
  routes: ['baseList'],
  tenantScoped: true,
  mark: 'device',
  defaultSort: { field: 'id', order: 'asc' },
  fields: [
    idField,
    {
      name: 'name',
      label: /*i18n*/ { id: 'field.uwb.name', message: '室内位置名称' },
      type: 'text',
      required: true,
      max: 64,
      keyword: true,
      filter: 'like',
      list: { width: 180, sortable: true },
    },
    {
      name: 'code',
      label: /*i18n*/ { id: 'field.uwb.code', message: '基站编号' },
      type: 'text',
      max: 32,
      keyword: true,
      filter: 'like',
      list: { width: 120, sortable: true },
    },
    {
      name: 'drawingId',
      label: /*i18n*/ { id: 'field.uwb.drawing', message: 'UWB图纸' },
      type: 'ref',
      ref: { kind: 'device', resource: 'drawing', labelField: 'project' },
      filter: 'eq',
      list: { width: 160 },
    },
    {
      name: 'indoorMapId',
      label: INDOOR_MAP_LABELS.indoorMap,
      type: 'ref',
      ref: mapRef,
      filter: 'eq',
      list: { width: 160 },
    },
    floorField,
    metres('x', /*i18n*/ { id: 'field.uwb.x', message: 'X(米)' }),
    metres('y', /*i18n*/ { id: 'field.uwb.y', message: 'Y(米)' }),
    metres('z', /*i18n*/ { id: 'field.uwb.z', message: 'Z(米)' }, { max: 1_000 }),
    {
      name: 'status',
      label: SHARED_LABELS.status,
      type: 'code',
      codes: UWB_STATUS_TABLE,
      required: true,
      filter: 'eq',
      list: { width: 90 },
    },
    tenantField,
    createdAtField,
  ],
};

export default uwbBaseStation;
