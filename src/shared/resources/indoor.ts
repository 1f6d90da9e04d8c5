import type { CodeEntry } from '../codes';
import { createdAtField, idField, L } from './common';
import type { FieldDef, ResourceDef } from './types';

/**
 * Indoor maps, drawings and UWB base stations (docs/requirements/entities.md#indoor-positioning), served under kind
 * `device`.
 */

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

export const DRAWING_KIND_TABLE: readonly CodeEntry<string>[] = [
  { value: 'normal', cn: '普通图纸', en: 'Drawing' },
  { value: 'uwb', cn: 'UWB图纸', en: 'UWB drawing' },
];

/** Largest floor side accepted, in metres (a 10 km hall is a typo, not a building). */
export const INDOOR_MAX_SIDE_M = 10_000;

const I = {
  floor: /*i18n*/ { id: 'field.indoor.floor', message: '楼层' },
  picture: /*i18n*/ { id: 'field.indoor.picture', message: '图片' },
  indoorMap: /*i18n*/ { id: 'field.indoor.map', message: '室内地图' },
};

const tenantField: FieldDef = {
  name: 'tenantId',
  label: L.tenant,
  type: 'ref',
  ref: { kind: 'user', resource: 'tenant', labelField: 'name' },
  form: false,
  filter: 'eq',
  list: { width: 150 },
};
const floorField: FieldDef = {
  name: 'floor',
  label: I.floor,
  type: 'text',
  max: 32,
  filter: 'eq',
  list: { width: 90 },
};
const pictureField: FieldDef = { name: 'picture', label: I.picture, type: 'image', max: 500, list: { width: 100 } };
const mapRef = { kind: 'device', resource: 'indoorMap', labelField: 'title' } as const;
const metres = (name: string, label: FieldDef['label'], extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  label,
  type: 'decimal',
  min: 0,
  max: INDOOR_MAX_SIDE_M,
  list: { width: 90 },
  ...extra,
});

export const indoorMapResource: ResourceDef = {
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
    { name: 'address', label: L.address, type: 'text', max: 200, keyword: true, list: { width: 200 } },
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

export const drawingResource: ResourceDef = {
  kind: 'device',
  name: 'drawing',
  label: /*i18n*/ { id: 'resource.drawing', message: '图纸' },
  routes: ['drawingList'],
  tenantScoped: true,
  mark: 'device',
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    {
      name: 'project',
      label: /*i18n*/ { id: 'field.drawing.project', message: '项目' },
      type: 'text',
      required: true,
      max: 64,
      keyword: true,
      filter: 'like',
      list: { width: 180, sortable: true },
    },
    {
      name: 'customer',
      label: /*i18n*/ { id: 'field.drawing.customer', message: '客户' },
      type: 'text',
      max: 64,
      keyword: true,
      filter: 'like',
      list: { width: 140 },
    },
    {
      name: 'building',
      label: /*i18n*/ { id: 'field.drawing.building', message: '楼栋' },
      type: 'text',
      max: 32,
      filter: 'eq',
      list: { width: 90 },
    },
    {
      name: 'unit',
      label: /*i18n*/ { id: 'field.drawing.unit', message: '单元' },
      type: 'text',
      max: 32,
      filter: 'eq',
      list: { width: 90 },
    },
    floorField,
    pictureField,
    {
      name: 'kind',
      label: /*i18n*/ { id: 'field.drawing.kind', message: '图纸类型' },
      type: 'code',
      codes: DRAWING_KIND_TABLE,
      required: true,
      filter: 'eq',
      list: { width: 110 },
    },
    { name: 'indoorMapId', label: I.indoorMap, type: 'ref', ref: mapRef, filter: 'eq', list: { width: 160 } },
    tenantField,
    createdAtField,
  ],
};

export const uwbBaseStationResource: ResourceDef = {
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
    { name: 'indoorMapId', label: I.indoorMap, type: 'ref', ref: mapRef, filter: 'eq', list: { width: 160 } },
    floorField,
    metres('x', /*i18n*/ { id: 'field.uwb.x', message: 'X(米)' }),
    metres('y', /*i18n*/ { id: 'field.uwb.y', message: 'Y(米)' }),
    metres('z', /*i18n*/ { id: 'field.uwb.z', message: 'Z(米)' }, { max: 1_000 }),
    {
      name: 'status',
      label: L.status,
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

export const INDOOR_RESOURCES = [indoorMapResource, drawingResource, uwbBaseStationResource] as const;

export interface UwbTag {
  imei: string;
  name: string | null;
  /** Device state code (1 online). */
  state: number;
  battery: number | null;
  /** Metres on the floor, and the floor. */
  x: number;
  y: number;
  floor: string | null;
  /** Time of the fix, ms. */
  ts: number;
}

/** `POST /api/device/indoor/upload` answers where the picture is served. */
export interface UploadedPicture {
  url: string;
}
