import { IMEI_RE } from '../devices/protocol';
import type { FieldDef } from './types';

/** Labels the device defs share (src/entities/device, allocation, device-command, production-record). */
export const DEVICE_LABELS = {
  imei: /*i18n*/ { id: 'field.device.imei', message: 'IMEI' },
  product: /*i18n*/ { id: 'field.device.product', message: '产品' },
  category: /*i18n*/ { id: 'field.device.category', message: '设备分类' },
  model: /*i18n*/ { id: 'field.device.model', message: '型号' },
  iccid: /*i18n*/ { id: 'field.device.iccid', message: 'ICCID' },
  note: /*i18n*/ { id: 'field.note', message: '备注' },
  image: /*i18n*/ { id: 'field.image', message: '图片' },
  operator: /*i18n*/ { id: 'field.operator', message: '操作人' },
};

export const imeiField: FieldDef = {
  name: 'imei',
  label: DEVICE_LABELS.imei,
  type: 'text',
  required: true,
  max: 20,
  pattern: { re: IMEI_RE, message: 'imeiInvalid' },
  form: 'add',
  keyword: true,
  filter: 'like',
  list: { width: 170, fixed: 'left', sortable: true },
};
export const productRef = { kind: 'device', resource: 'product', labelField: 'name' } as const;
/** The tenant a device row belongs to, shown by name. */
export const tenantRef = { kind: 'user', resource: 'tenant', labelField: 'name' } as const;

/** Device fields only the breaker and gateway screens list or filter by. */
export const BREAKER_FIELDS = [
  'gatewayId',
  'gatewayState',
  'closed',
  'locked',
  'voltage',
  'current',
  'power',
  'traffic',
  'subDevices',
] as const;
