import { createdAtField, idField, SHARED_LABELS, tenantField } from '../../shared/resources/common';
import type { FieldDef, ResourceDef } from '../../shared/resources/types';

/**
 * Indoor maps, drawings and UWB base stations (docs/requirements/entities.md#indoor-positioning), served under kind
 * `device`: this folder, ../drawing and ../uwb-base-station. The fields they share are here.
 */

/** Largest floor side accepted, in metres (a 10 km hall is a typo, not a building). */
const INDOOR_MAX_SIDE_M = 10_000;

export const INDOOR_MAP_LABELS = {
  floor: /*i18n*/ { id: 'field.indoor.floor', message: '楼层' },
  picture: /*i18n*/ { id: 'field.indoor.picture', message: '图片' },
  indoorMap: /*i18n*/ { id: 'field.indoor.map', message: '室内地图' },
};

export const floorField: FieldDef = {
  name: 'floor',
  label: INDOOR_MAP_LABELS.floor,
  type: 'text',
  max: 32,
  filter: 'eq',
  list: { width: 90 },
};
export const pictureField: FieldDef = {
  name: 'picture',
  label: INDOOR_MAP_LABELS.picture,
  type: 'image',
  max: 500,
  list: { width: 100 },
};
export const mapRef = { kind: 'device', resource: 'indoorMap', labelField: 'title' } as const;
export const metres = (name: string, label: FieldDef['label'], extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  label,
  type: 'decimal',
  min: 0,
  max: INDOOR_MAX_SIDE_M,
  list: { width: 90 },
  ...extra,
});

/** /indoorMap: a floor picture and its real size in metres. */
const indoorMap: ResourceDef = {
  kind: 'device',
  name: 'indoorMap',
  label: /*i18n*/ { id: 'resource.indoorMap', message: '室内地图' },
  routes: ['indoorMap'],
  tenantScoped: true,
  // Indoor positioning is part of the device estate; its buttons sit with the device marks.
  mark: 'device',
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    {
      name: 'title',
      label: /*i18n*/ { id: 'field.indoor.title', message: '标题' },
      type: 'text',
      required: true,
      max: 64,
      keyword: true,
      filter: 'like',
      list: { width: 180, sortable: true },
    },
    { name: 'address', label: SHARED_LABELS.address, type: 'text', max: 200, keyword: true, list: { width: 200 } },
    floorField,
    pictureField,
    metres('width', /*i18n*/ { id: 'field.indoor.width', message: '实际宽度(米)' }, { required: true, min: 1 }),
    metres('height', /*i18n*/ { id: 'field.indoor.height', message: '实际高度(米)' }, { required: true, min: 1 }),
    {
      name: 'scale',
      label: /*i18n*/ { id: 'field.indoor.scale', message: '比例尺' },
      type: 'decimal',
      min: 0,
      max: 1_000_000,
      list: { width: 90 },
    },
    tenantField,
    createdAtField,
  ],
};

export default indoorMap;
