import type { CodeEntry } from '../../shared/codes';
import { createdAtField, idField, SHARED_LABELS, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/** A movement of a warehouse item (warehouse_movements.kind). */
export const WAREHOUSE_MOVE = { in: 'in', used: 'used', unqualified: 'unqualified', adjust: 'adjust' } as const;
export type WarehouseMove = (typeof WAREHOUSE_MOVE)[keyof typeof WAREHOUSE_MOVE];
export const WAREHOUSE_MOVES = ['in', 'used', 'unqualified', 'adjust'] as const;

export const WAREHOUSE_MOVE_TABLE: readonly CodeEntry<string>[] = [
  { value: WAREHOUSE_MOVE.in, cn: '入库', en: 'Stock in' },
  { value: WAREHOUSE_MOVE.used, cn: '领用', en: 'Used' },
  { value: WAREHOUSE_MOVE.unqualified, cn: '不合格', en: 'Unqualified' },
  { value: WAREHOUSE_MOVE.adjust, cn: '盘点调整', en: 'Stocktake adjustment' },
];

/** The list's filter of items at or below their alert limit. */
const LOW_REMAINING_TABLE: readonly CodeEntry<number>[] = [{ value: 1, cn: '库存不足', en: 'Low stock' }];

/** Quantities are tons with three decimals (stored as whole kilograms). */
const TON_DECIMALS = 3;
export const MAX_MOVE_TONS = 1_000_000;
export const tonsToKg = (tons: number): number => Math.round(tons * 1000);
/** True when a ton figure has at most three decimals. */
export const isTonAmount = (tons: number): boolean =>
  Number.isFinite(tons) && Math.abs(tons * 1000 - Math.round(tons * 1000)) < 1e-6;
export const formatTons = (tons: unknown): string =>
  tons === null || tons === undefined || tons === '' ? '' : Number(tons).toFixed(TON_DECIMALS);

const W = {
  category: /*i18n*/ { id: 'field.warehouseItem.category', message: '类别' },
  stock: /*i18n*/ { id: 'field.warehouseItem.stock', message: '库存(吨)' },
  used: /*i18n*/ { id: 'field.warehouseItem.used', message: '已用(吨)' },
  unqualified: /*i18n*/ { id: 'field.warehouseItem.unqualified', message: '不合格(吨)' },
  remaining: /*i18n*/ { id: 'field.warehouseItem.remaining', message: '剩余(吨)' },
  alertBelow: /*i18n*/ { id: 'field.warehouseItem.alertBelow', message: '预警下限(吨)' },
  location: /*i18n*/ { id: 'field.warehouseItem.location', message: '存放位置' },
};

/**
 * Warehouse items of a site (/manageStorage): stock, used, unqualified and remaining in tons.
 * The figures move only through movements (warehouse_movements: in, used, unqualified, adjust,
 * ./routes.ts); remaining = stock - used - unqualified and never goes below zero (a database
 * CHECK; 'warehouseOverdraw'). An item whose remaining is at or below its alert limit is low.
 */
const warehouseItem: ResourceDef = {
  kind: 'user',
  name: 'warehouseItem',
  label: /*i18n*/ { id: 'resource.warehouseItem', message: '仓库物资' },
  routes: ['manageStorage'],
  tenantScoped: true,
  mark: 'warehouseItem',
  defaultSort: { field: 'id', order: 'desc' },
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
    { name: 'category', label: W.category, type: 'text', max: 32, filter: 'like', list: { width: 120 } },
    { name: 'location', label: W.location, type: 'text', max: 64, list: { width: 140 } },
    {
      name: 'stock',
      label: W.stock,
      type: 'decimal',
      form: false,
      filter: 'range',
      list: { width: 110, sortable: true },
    },
    { name: 'used', label: W.used, type: 'decimal', form: false, list: { width: 110, sortable: true } },
    { name: 'unqualified', label: W.unqualified, type: 'decimal', form: false, list: { width: 110, sortable: true } },
    {
      name: 'remaining',
      label: W.remaining,
      type: 'decimal',
      form: false,
      filter: 'range',
      list: { width: 110, sortable: true },
    },
    {
      name: 'low',
      label: /*i18n*/ { id: 'field.warehouseItem.low', message: '库存预警' },
      type: 'code',
      codes: LOW_REMAINING_TABLE,
      form: false,
      filter: 'eq',
      list: false,
    },
    { name: 'alertBelow', label: W.alertBelow, type: 'decimal', min: 0, max: 1_000_000, list: { width: 120 } },
    {
      name: 'note',
      label: /*i18n*/ { id: 'field.warehouseItem.note', message: '备注' },
      type: 'textarea',
      max: 200,
      list: { width: 180 },
    },
    tenantField,
    createdAtField,
  ],
};

export default warehouseItem;
