import { DEVICE_KIND_TABLE } from '../../shared/codes';
import { createdAtField, idField, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/**
 * /installationMap: where each device was installed, by whom and when, with a photo of the
 * installation. The device's kind is copied from the device on every write (./server.ts), so the
 * list filters by kind without a join.
 */
const installation: ResourceDef = {
  kind: 'device',
  name: 'installation',
  label: /*i18n*/ { id: 'resource.installation', message: '安装记录' },
  routes: ['installationMap'],
  tenantScoped: true,
  mark: 'installation',
  defaultSort: { field: 'installedAt', order: 'desc' },
  fields: [
    idField,
    {
      name: 'deviceId',
      label: /*i18n*/ { id: 'field.installation.device', message: '设备' },
      type: 'ref',
      ref: { kind: 'device', resource: 'device', labelField: 'imei' },
      required: true,
      filter: 'eq',
      list: { width: 170 },
    },
    {
      name: 'deviceKind',
      label: /*i18n*/ { id: 'field.installation.deviceKind', message: '设备类型' },
      type: 'code',
      codes: DEVICE_KIND_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 120 },
    },
    {
      name: 'installer',
      label: /*i18n*/ { id: 'field.installation.installer', message: '安装人' },
      type: 'text',
      required: true,
      max: 50,
      keyword: true,
      filter: 'like',
      list: { width: 110, sortable: true },
    },
    {
      name: 'installedAt',
      label: /*i18n*/ { id: 'field.installation.installedAt', message: '安装时间' },
      type: 'datetime',
      required: true,
      filter: 'range',
      list: { width: 170, sortable: true },
    },
    {
      name: 'address',
      label: /*i18n*/ { id: 'field.installation.address', message: '安装位置' },
      type: 'text',
      max: 200,
      keyword: true,
      list: { width: 220 },
    },
    {
      name: 'lat',
      label: /*i18n*/ { id: 'field.installation.lat', message: '纬度' },
      type: 'decimal',
      required: true,
      min: -90,
      max: 90,
      list: { width: 110 },
    },
    {
      name: 'lon',
      label: /*i18n*/ { id: 'field.installation.lon', message: '经度' },
      type: 'decimal',
      required: true,
      min: -180,
      max: 180,
      list: { width: 110 },
    },
    {
      name: 'photo',
      label: /*i18n*/ { id: 'field.installation.photo', message: '安装照片' },
      type: 'image',
      max: 500,
      list: { width: 100 },
    },
    {
      name: 'note',
      label: /*i18n*/ { id: 'field.installation.note', message: '备注' },
      type: 'textarea',
      max: 500,
      list: false,
    },
    tenantField,
    createdAtField,
  ],
};

export default installation;
