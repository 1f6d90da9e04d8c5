import type { CodeEntry } from '../../shared/codes';
import { createdAtField, idField, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';
import { floorField, INDOOR_MAP_LABELS, mapRef, pictureField } from '../indoor-map/resource';

const DRAWING_KIND_TABLE: readonly CodeEntry<string>[] = [
  { value: 'normal', cn: '普通图纸', en: 'Drawing' },
  { value: 'uwb', cn: 'UWB图纸', en: 'UWB drawing' },
];

/** /drawingList: the drawing library, each drawing optionally over an indoor map's floor. */
const drawing: ResourceDef = {
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
    {
      name: 'indoorMapId',
      label: INDOOR_MAP_LABELS.indoorMap,
      type: 'ref',
      ref: mapRef,
      filter: 'eq',
      list: { width: 160 },
    },
    tenantField,
    createdAtField,
  ],
};

export default drawing;
