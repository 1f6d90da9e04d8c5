import {
  ALLOCATION_ACTION_TABLE,
  BREAKER_LOCK_TABLE,
  BREAKER_SWITCH_TABLE,
  DELIVERY_TABLE,
  DEVICE_KIND_TABLE,
  DEVICE_STATE_TABLE,
  MAINS_POWER_TABLE,
  MESSAGE_TYPE_TABLE,
  NET_TYPE_TABLE,
  STOCK_STATE_TABLE,
} from '../codes';
import { IMEI_RE } from '../devices/protocol';
import { createdAtField, hiddenColumn, idField, L, sortField, statusField } from './common';
import type { FieldDef, ResourceDef } from './types';

/** Device resources of docs/requirements/entities.md#device, all served under kind `device`. */

const D = {
  imei: /*i18n*/ { id: 'field.device.imei', message: 'IMEI' },
  product: /*i18n*/ { id: 'field.device.product', message: '产品' },
  category: /*i18n*/ { id: 'field.device.category', message: '设备分类' },
  model: /*i18n*/ { id: 'field.device.model', message: '型号' },
  iccid: /*i18n*/ { id: 'field.device.iccid', message: 'ICCID' },
  note: /*i18n*/ { id: 'field.note', message: '备注' },
  image: /*i18n*/ { id: 'field.image', message: '图片' },
  operator: /*i18n*/ { id: 'field.operator', message: '操作人' },
};

const imeiField: FieldDef = {
  name: 'imei',
  label: D.imei,
  type: 'text',
  required: true,
  max: 20,
  pattern: { re: IMEI_RE, message: 'imeiInvalid' },
  form: 'add',
  keyword: true,
  filter: 'like',
  list: { width: 170, fixed: 'left', sortable: true },
};
const productRef = { kind: 'device', resource: 'product', labelField: 'name' } as const;
const tenantRef = { kind: 'user', resource: 'tenant', labelField: 'name' } as const;

export const productResource: ResourceDef = {
  kind: 'device',
  name: 'product',
  label: /*i18n*/ { id: 'resource.product', message: '产品' },
  routes: ['productList'],
  // The manufacturer's catalogue: every tenant reads it, super administrators change it.
  tenantScoped: false,
  mark: 'product',
  defaultSort: { field: 'sort', order: 'asc' },
  fields: [
    idField,
    { name: 'name', label: L.name, type: 'text', required: true, max: 64, keyword: true, filter: 'like', list: { width: 180, sortable: true } },
    { name: 'code', label: /*i18n*/ { id: 'field.product.code', message: '产品编号' }, type: 'text', required: true, max: 32, keyword: true, filter: 'like', list: { width: 140, sortable: true } },
    { name: 'header', label: /*i18n*/ { id: 'field.product.header', message: '表头' }, type: 'text', max: 64, list: { width: 140 } },
    { name: 'image', label: D.image, type: 'image', max: 500, list: { width: 100 } },
    { name: 'note', label: D.note, type: 'textarea', max: 500, list: { width: 220 } },
    statusField,
    sortField,
    { name: 'deviceCount', label: /*i18n*/ { id: 'field.deviceCount', message: '设备数' }, type: 'integer', form: false, list: { width: 90 } },
    createdAtField,
  ],
};

export const deviceCategoryResource: ResourceDef = {
  kind: 'device',
  name: 'deviceCategory',
  label: /*i18n*/ { id: 'resource.deviceCategory', message: '设备分类' },
  routes: ['DeviceCategoryList'],
  tenantScoped: false,
  mark: 'deviceCategory',
  defaultSort: { field: 'sort', order: 'asc' },
  fields: [
    idField,
    { name: 'name', label: L.name, type: 'text', required: true, max: 64, keyword: true, filter: 'like', list: { width: 180, sortable: true } },
    { name: 'pid', label: L.parent, type: 'ref', ref: { kind: 'device', resource: 'deviceCategory', labelField: 'name' }, filter: 'eq', list: { width: 160 } },
    { name: 'kind', label: /*i18n*/ { id: 'field.device.kind', message: '设备类型' }, type: 'code', codes: DEVICE_KIND_TABLE, filter: 'eq', list: { width: 140 } },
    { name: 'description', label: L.description, type: 'textarea', max: 500, list: { width: 220 } },
    statusField,
    sortField,
    { name: 'deviceCount', label: /*i18n*/ { id: 'field.deviceCount', message: '设备数' }, type: 'integer', form: false, list: { width: 90 } },
    createdAtField,
  ],
};

export const deviceGroupResource: ResourceDef = {
  kind: 'device',
  name: 'deviceGroup',
  label: /*i18n*/ { id: 'resource.deviceGroup', message: '设备分组' },
  routes: ['ProductGrouping', 'group'],
  tenantScoped: true,
  mark: 'device',
  defaultSort: { field: 'id', order: 'asc' },
  fields: [
    idField,
    { name: 'name', label: L.name, type: 'text', required: true, max: 64, keyword: true, filter: 'like', list: { width: 180, sortable: true } },
    { name: 'description', label: L.description, type: 'textarea', max: 500, list: { width: 240 } },
    { name: 'deviceCount', label: /*i18n*/ { id: 'field.deviceCount', message: '设备数' }, type: 'integer', form: false, list: { width: 90 } },
    { name: 'tenantId', label: L.tenant, type: 'ref', ref: tenantRef, form: 'add', filter: 'eq', list: { width: 160 } },
    createdAtField,
  ],
};

export const deviceResource: ResourceDef = {
  kind: 'device',
  name: 'device',
  label: /*i18n*/ { id: 'resource.device', message: '设备' },
  routes: ['DeviceList'],
  tenantScoped: true,
  mark: 'device',
  defaultSort: { field: 'id', order: 'desc' },
  // At 1366 px the list starts with IMEI, name, kind, state and last contact; the rest are in
  // its column settings, the detail and the export.
  fields: [
    hiddenColumn(idField),
    imeiField,
    { name: 'name', label: L.name, type: 'text', max: 64, keyword: true, filter: 'like', list: { width: 150, sortable: true } },
    { name: 'kind', label: /*i18n*/ { id: 'field.device.kind', message: '设备类型' }, type: 'code', codes: DEVICE_KIND_TABLE, required: true, filter: 'eq', list: { width: 110 } },
    { name: 'state', label: /*i18n*/ { id: 'field.device.state', message: '设备状态' }, type: 'code', codes: DEVICE_STATE_TABLE, form: false, filter: 'eq', list: { width: 100 } },
    { name: 'battery', label: /*i18n*/ { id: 'field.device.battery', message: '电量' }, type: 'integer', form: false, filter: 'range', list: { width: 90, sortable: true, hidden: true } },
    { name: 'signal', label: /*i18n*/ { id: 'field.device.signal', message: '信号' }, type: 'integer', form: false, list: { width: 80, hidden: true } },
    { name: 'mainsPower', label: /*i18n*/ { id: 'field.device.mainsPower', message: '市电' }, type: 'code', codes: MAINS_POWER_TABLE, form: false, list: { width: 90, hidden: true } },
    { name: 'stockState', label: /*i18n*/ { id: 'field.device.stockState', message: '库存状态' }, type: 'code', codes: STOCK_STATE_TABLE, form: false, filter: 'eq', list: { width: 130, hidden: true } },
    { name: 'lastCommunicationAt', label: /*i18n*/ { id: 'field.device.lastCommunicationAt', message: '最后通讯时间' }, type: 'datetime', form: false, filter: 'range', list: { width: 170, sortable: true } },
    { name: 'productId', label: D.product, type: 'ref', ref: productRef, filter: 'eq', list: { width: 140, hidden: true } },
    { name: 'categoryId', label: D.category, type: 'ref', ref: { kind: 'device', resource: 'deviceCategory', labelField: 'name' }, filter: 'eq', list: { width: 130, hidden: true } },
    { name: 'groupId', label: /*i18n*/ { id: 'field.device.group', message: '分组' }, type: 'ref', ref: { kind: 'device', resource: 'deviceGroup', labelField: 'name' }, filter: 'eq', list: { width: 120, hidden: true } },
    { name: 'number', label: /*i18n*/ { id: 'field.device.number', message: '设备编号' }, type: 'text', max: 32, keyword: true, list: { width: 120, hidden: true } },
    { name: 'model', label: D.model, type: 'text', max: 64, list: { width: 110, hidden: true } },
    { name: 'style', label: /*i18n*/ { id: 'field.device.style', message: '款式' }, type: 'text', max: 64, list: false },
    { name: 'imsi', label: /*i18n*/ { id: 'field.device.imsi', message: 'IMSI' }, type: 'text', max: 32, keyword: true, list: { width: 160, hidden: true } },
    { name: 'iccid', label: D.iccid, type: 'text', max: 32, keyword: true, list: { width: 190, hidden: true } },
    { name: 'personName', label: /*i18n*/ { id: 'field.device.personName', message: '责任人' }, type: 'text', max: 32, keyword: true, filter: 'like', list: { width: 110, hidden: true } },
    { name: 'personPhone', label: /*i18n*/ { id: 'field.device.personPhone', message: '责任人电话' }, type: 'phone', keyword: true, list: { width: 130, hidden: true } },
    { name: 'departmentId', label: /*i18n*/ { id: 'field.device.department', message: '部门' }, type: 'ref', ref: { kind: 'user', resource: 'department', labelField: 'name' }, filter: 'eq', list: { width: 130, hidden: true } },
    { name: 'userId', label: /*i18n*/ { id: 'field.device.user', message: '使用人' }, type: 'ref', ref: { kind: 'user', resource: 'user', labelField: 'name' }, filter: 'eq', list: { width: 120, hidden: true } },
    { name: 'installLocation', label: /*i18n*/ { id: 'field.device.installLocation', message: '安装位置' }, type: 'text', max: 200, keyword: true, list: { width: 180, hidden: true } },
    { name: 'indoorImage', label: /*i18n*/ { id: 'field.device.indoorImage', message: '室内图' }, type: 'image', max: 500, list: false },
    { name: 'appVersion', label: /*i18n*/ { id: 'field.device.appVersion', message: '应用版本' }, type: 'text', form: false, list: { width: 110, hidden: true } },
    { name: 'systemVersion', label: /*i18n*/ { id: 'field.device.systemVersion', message: '系统版本' }, type: 'text', form: false, list: { width: 110, hidden: true } },
    { name: 'supplier', label: /*i18n*/ { id: 'field.device.supplier', message: '供应商' }, type: 'text', max: 64, list: { width: 120, hidden: true } },
    { name: 'manufacturerId', label: /*i18n*/ { id: 'field.device.manufacturerId', message: '厂商编号' }, type: 'text', max: 32, list: false },
    { name: 'operator', label: /*i18n*/ { id: 'field.device.operator', message: '运营商' }, type: 'text', max: 32, list: { width: 100, hidden: true } },
    { name: 'netType', label: /*i18n*/ { id: 'field.device.netType', message: '网络类型' }, type: 'code', codes: NET_TYPE_TABLE, filter: 'eq', list: { width: 100, hidden: true } },
    { name: 'messageType', label: /*i18n*/ { id: 'field.device.messageType', message: '消息类型' }, type: 'code', codes: MESSAGE_TYPE_TABLE, list: { width: 120, hidden: true } },
    { name: 'transparent', label: /*i18n*/ { id: 'field.device.transparent', message: '透传' }, type: 'boolean', list: false },
    { name: 'powerSaving', label: /*i18n*/ { id: 'field.device.powerSaving', message: '省电模式' }, type: 'boolean', list: false },
    { name: 'sku', label: /*i18n*/ { id: 'field.device.sku', message: 'SKU' }, type: 'textarea', max: 1000, list: false },
    { name: 'activatedAt', label: /*i18n*/ { id: 'field.device.activatedAt', message: '激活时间' }, type: 'datetime', form: false, filter: 'range', list: { width: 170, sortable: true, hidden: true } },
    { name: 'stockInAt', label: /*i18n*/ { id: 'field.device.stockInAt', message: '入库时间' }, type: 'datetime', form: false, list: { width: 170, hidden: true } },
    { name: 'tenantId', label: L.tenant, type: 'ref', ref: tenantRef, form: false, filter: 'eq', list: { width: 150, hidden: true } },
    hiddenColumn(createdAtField),
    // Breakers and 4G gateways (/cutoff, /closegate, /lockdie, /lockundie, /gateay_4G): exported
    // with every device, shown by those screens (the console's presets hide them elsewhere); the
    // live values come from the device's last report.
    { name: 'gatewayId', label: /*i18n*/ { id: 'field.device.gateway', message: '所属网关' }, type: 'ref', ref: { kind: 'device', resource: 'device', labelField: 'name' }, filter: 'eq', list: { width: 150 } },
    { name: 'gatewayState', label: /*i18n*/ { id: 'field.device.gatewayState', message: '网关状态' }, type: 'code', codes: DEVICE_STATE_TABLE, form: false, list: { width: 100 } },
    { name: 'closed', label: /*i18n*/ { id: 'field.device.closed', message: '合闸状态' }, type: 'code', codes: BREAKER_SWITCH_TABLE, form: false, filter: 'eq', list: { width: 100 } },
    { name: 'locked', label: /*i18n*/ { id: 'field.device.locked', message: '锁定状态' }, type: 'code', codes: BREAKER_LOCK_TABLE, form: false, filter: 'eq', list: { width: 100 } },
    { name: 'voltage', label: /*i18n*/ { id: 'field.device.voltage', message: '电压(V)' }, type: 'decimal', form: false, list: { width: 90 } },
    { name: 'current', label: /*i18n*/ { id: 'field.device.current', message: '电流(A)' }, type: 'decimal', form: false, list: { width: 90 } },
    { name: 'power', label: /*i18n*/ { id: 'field.device.power', message: '功率(W)' }, type: 'decimal', form: false, list: { width: 90 } },
    { name: 'traffic', label: /*i18n*/ { id: 'field.device.traffic', message: '上行流量(KB)' }, type: 'decimal', form: false, list: { width: 120 } },
    { name: 'subDevices', label: /*i18n*/ { id: 'field.device.subDevices', message: '子设备数' }, type: 'integer', form: false, list: { width: 90 } },
  ],
};

/** Device fields only the breaker and gateway screens list or filter by. */
export const BREAKER_FIELDS = ['gatewayId', 'gatewayState', 'closed', 'locked', 'voltage', 'current', 'power', 'traffic', 'subDevices'] as const;

export const productionRecordResource: ResourceDef = {
  kind: 'device',
  name: 'productionRecord',
  label: /*i18n*/ { id: 'resource.productionRecord', message: '生产记录' },
  routes: ['ProductionList'],
  // Production happens before any tenant owns the device.
  tenantScoped: false,
  mark: 'product',
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    { ...imeiField, form: true },
    { name: 'productId', label: D.product, type: 'ref', ref: productRef, required: true, filter: 'eq', list: { width: 150 } },
    { name: 'kind', label: /*i18n*/ { id: 'field.device.kind', message: '设备类型' }, type: 'code', codes: DEVICE_KIND_TABLE, required: true, filter: 'eq', list: { width: 120 } },
    { name: 'model', label: D.model, type: 'text', max: 64, list: { width: 110 } },
    { name: 'colour', label: /*i18n*/ { id: 'field.production.colour', message: '颜色' }, type: 'text', max: 32, list: { width: 80 } },
    { name: 'serial', label: /*i18n*/ { id: 'field.production.serial', message: '序列号' }, type: 'text', max: 64, keyword: true, list: { width: 140 } },
    { name: 'cardNumber', label: /*i18n*/ { id: 'field.production.cardNumber', message: '卡号' }, type: 'text', max: 32, list: { width: 130 } },
    { name: 'iccid', label: D.iccid, type: 'text', max: 32, keyword: true, list: { width: 190 } },
    { name: 'manufacturer', label: /*i18n*/ { id: 'field.production.manufacturer', message: '生产厂家' }, type: 'text', max: 64, list: { width: 130 } },
    { name: 'qaPerson', label: /*i18n*/ { id: 'field.production.qaPerson', message: '质检员' }, type: 'text', max: 32, list: { width: 100 } },
    { name: 'salesMode', label: /*i18n*/ { id: 'field.production.salesMode', message: '销售模式' }, type: 'text', max: 32, list: { width: 100 } },
    { name: 'agent', label: /*i18n*/ { id: 'field.production.agent', message: '代理商' }, type: 'text', max: 64, list: { width: 120 } },
    { name: 'productionDate', label: /*i18n*/ { id: 'field.production.date', message: '生产日期' }, type: 'date', filter: 'range', list: { width: 120, sortable: true } },
    createdAtField,
  ],
};

/** The stock-flow log behind /allocationProcess and /allocation; written by the allocation actions only. */
export const allocationResource: ResourceDef = {
  kind: 'device',
  name: 'allocation',
  label: /*i18n*/ { id: 'resource.allocation', message: '分配记录' },
  routes: ['allocationProcess', 'allocation'],
  tenantScoped: true,
  mark: 'device',
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['export'],
  fields: [
    idField,
    { ...imeiField, form: false },
    { name: 'action', label: /*i18n*/ { id: 'field.allocation.action', message: '操作' }, type: 'code', codes: ALLOCATION_ACTION_TABLE, filter: 'eq', list: { width: 100 } },
    { name: 'fromTenantId', label: /*i18n*/ { id: 'field.allocation.from', message: '原企业' }, type: 'ref', ref: tenantRef, filter: 'eq', list: { width: 150 } },
    { name: 'tenantId', label: /*i18n*/ { id: 'field.allocation.to', message: '目标企业' }, type: 'ref', ref: tenantRef, filter: 'eq', list: { width: 150 } },
    { name: 'operatorName', label: D.operator, type: 'text', list: { width: 120 } },
    { name: 'note', label: D.note, type: 'text', list: { width: 200 } },
    createdAtField,
  ],
};

/**
 * Commands sent to devices and their delivery (docs/requirements/states-and-codes.md#command-delivery); written by
 * command/send only.
 */
export const deviceCommandResource: ResourceDef = {
  kind: 'device',
  name: 'command',
  label: /*i18n*/ { id: 'resource.deviceCommand', message: '指令记录' },
  routes: ['DeviceDtail'],
  tenantScoped: true,
  mark: 'device',
  defaultSort: { field: 'id', order: 'desc' },
  actions: [],
  fields: [
    idField,
    { ...imeiField, form: false, filter: 'eq' },
    { name: 'cmd', label: /*i18n*/ { id: 'field.command.cmd', message: '指令' }, type: 'text', filter: 'eq', list: { width: 120 } },
    { name: 'params', label: /*i18n*/ { id: 'field.command.params', message: '参数' }, type: 'text', list: { width: 200 } },
    { name: 'status', label: /*i18n*/ { id: 'field.command.status', message: '下发状态' }, type: 'code', codes: DELIVERY_TABLE, filter: 'eq', list: { width: 110 } },
    { name: 'ackMsg', label: /*i18n*/ { id: 'field.command.ack', message: '设备回复' }, type: 'text', list: { width: 160 } },
    { name: 'ackAt', label: /*i18n*/ { id: 'field.command.ackAt', message: '回复时间' }, type: 'datetime', list: { width: 170 } },
    { name: 'operatorName', label: D.operator, type: 'text', list: { width: 120 } },
    { name: 'tenantId', label: L.tenant, type: 'ref', ref: tenantRef, form: false, filter: 'eq', list: { width: 150 } },
    createdAtField,
  ],
};

export const DEVICE_RESOURCES = [
  productResource,
  deviceCategoryResource,
  deviceGroupResource,
  productionRecordResource,
  allocationResource,
  deviceCommandResource,
  deviceResource,
] as const;
