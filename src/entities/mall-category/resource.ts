import {
  createdAtField,
  idField,
  SHARED_LABELS,
  sortField,
  statusField,
  tenantField,
} from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/** Levels of the category tree: a top category holds sub-categories, which hold products. */
export const MALL_CATEGORY_MAX_DEPTH = 3;

const MALL_NAV_TABLE = [
  { value: 1, cn: '显示', en: 'Shown' },
  { value: 0, cn: '不显示', en: 'Hidden' },
] as const;

/**
 * /productCategory: the goods category tree (parent, sort, icon, image); /Category: the mall's
 * storefront categories, the same rows started from those the storefront navigation shows.
 */
const mallCategory: ResourceDef = {
  kind: 'mall',
  name: 'mallCategory',
  label: /*i18n*/ { id: 'resource.mallCategory', message: '商品分类' },
  routes: ['productCategory', 'Category'],
  tenantScoped: true,
  mark: 'mallCategory',
  defaultSort: { field: 'sort', order: 'asc' },
  fields: [
    idField,
    {
      name: 'name',
      label: /*i18n*/ { id: 'field.mallCategory.name', message: '分类名称' },
      type: 'text',
      required: true,
      max: 50,
      keyword: true,
      filter: 'like',
      list: { width: 160, sortable: true },
    },
    {
      name: 'parentId',
      label: SHARED_LABELS.parent,
      type: 'ref',
      ref: { kind: 'mall', resource: 'mallCategory', labelField: 'name' },
      filter: 'eq',
      list: { width: 140 },
    },
    {
      name: 'icon',
      label: /*i18n*/ { id: 'field.mallCategory.icon', message: '图标' },
      type: 'image',
      list: { width: 80 },
    },
    {
      name: 'image',
      label: /*i18n*/ { id: 'field.mallCategory.image', message: '分类图片' },
      type: 'image',
      list: { width: 90 },
    },
    {
      name: 'nav',
      label: /*i18n*/ { id: 'field.mallCategory.nav', message: '商城导航' },
      type: 'code',
      codes: MALL_NAV_TABLE,
      filter: 'eq',
      list: { width: 90 },
    },
    { ...sortField },
    { ...statusField },
    {
      name: 'productCount',
      label: /*i18n*/ { id: 'field.mallCategory.productCount', message: '商品数' },
      type: 'integer',
      form: false,
      list: { width: 80 },
    },
    tenantField,
    createdAtField,
  ],
};

export default mallCategory;
