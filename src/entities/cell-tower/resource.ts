import type { CodeEntry } from '../../shared/codes';
import { idField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/** OpenCellID's radio technologies, as its CSV spells them. */
export const CELL_RADIO_TABLE: readonly CodeEntry<string>[] = [
  { value: 'GSM', cn: 'GSM', en: 'GSM' },
  { value: 'UMTS', cn: 'UMTS', en: 'UMTS' },
  { value: 'CDMA', cn: 'CDMA', en: 'CDMA' },
  { value: 'LTE', cn: 'LTE', en: 'LTE' },
  { value: 'NR', cn: 'NR', en: 'NR' },
];

const CELL_TOWER_LABELS = {
  radio: /*i18n*/ { id: 'field.cellTower.radio', message: '制式' },
  mcc: /*i18n*/ { id: 'field.cellTower.mcc', message: '国家码(MCC)' },
  net: /*i18n*/ { id: 'field.cellTower.net', message: '网络码(MNC)' },
  area: /*i18n*/ { id: 'field.cellTower.area', message: '位置区(LAC/TAC)' },
  cell: /*i18n*/ { id: 'field.cellTower.cell', message: '小区(CID)' },
  lon: /*i18n*/ { id: 'field.cellTower.lon', message: '经度' },
  lat: /*i18n*/ { id: 'field.cellTower.lat', message: '纬度' },
  range: /*i18n*/ { id: 'field.cellTower.range', message: '覆盖半径(米)' },
  samples: /*i18n*/ { id: 'field.cellTower.samples', message: '样本数' },
  updated: /*i18n*/ { id: 'field.cellTower.updated', message: '更新时间' },
};

/**
 * The cell-tower table (docs/protocols.md "Cell towers"): OpenCellID's rows, imported whole by a
 * platform super administrator, which turn the cells an LBS report heard into an approximate
 * position. The fields carry OpenCellID's column names so its header maps onto them. Platform-wide:
 * no tenant owns a row, only super administrators read or change them.
 */
const cellTower: ResourceDef = {
  kind: 'device',
  name: 'cellTower',
  label: /*i18n*/ { id: 'resource.cellTower', message: '基站库' },
  routes: ['cellTowers'],
  tenantScoped: false,
  privateRows: true,
  mark: 'cellTower',
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['add', 'update', 'delete', 'export'],
  fields: [
    idField,
    {
      name: 'radio',
      label: CELL_TOWER_LABELS.radio,
      type: 'code',
      codes: CELL_RADIO_TABLE,
      required: true,
      list: { width: 80 },
    },
    {
      name: 'mcc',
      label: CELL_TOWER_LABELS.mcc,
      type: 'integer',
      required: true,
      min: 0,
      max: 999,
      filter: 'eq',
      list: { width: 90 },
    },
    {
      name: 'net',
      label: CELL_TOWER_LABELS.net,
      type: 'integer',
      required: true,
      min: 0,
      max: 999,
      filter: 'eq',
      list: { width: 90 },
    },
    {
      name: 'area',
      label: CELL_TOWER_LABELS.area,
      type: 'integer',
      required: true,
      min: 0,
      max: 0xffffffff,
      filter: 'eq',
      list: { width: 110 },
    },
    {
      name: 'cell',
      label: CELL_TOWER_LABELS.cell,
      type: 'integer',
      required: true,
      min: 0,
      max: 0xffffffffff,
      filter: 'eq',
      list: { width: 130 },
    },
    {
      name: 'lon',
      label: CELL_TOWER_LABELS.lon,
      type: 'decimal',
      required: true,
      min: -180,
      max: 180,
      list: { width: 110 },
    },
    {
      name: 'lat',
      label: CELL_TOWER_LABELS.lat,
      type: 'decimal',
      required: true,
      min: -90,
      max: 90,
      list: { width: 110 },
    },
    {
      name: 'range',
      label: CELL_TOWER_LABELS.range,
      type: 'integer',
      required: true,
      min: 0,
      max: 100_000_000,
      list: { width: 110 },
    },
    {
      name: 'samples',
      label: CELL_TOWER_LABELS.samples,
      type: 'integer',
      min: 0,
      max: 2_000_000_000,
      list: { width: 90, hidden: true },
    },
    { name: 'updated', label: CELL_TOWER_LABELS.updated, type: 'datetime', list: { width: 170 } },
  ],
};

export default cellTower;
