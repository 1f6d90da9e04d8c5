import { z } from 'zod';
import type { CodeEntry } from '../../shared/codes';
import { DEVICE_KINDS } from '../../shared/devices/kinds';
import { idField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/** The device protocols of docs/protocols.md, as the gateway names them. */
const UNKNOWN_PROTOCOL_TABLE: readonly CodeEntry<string>[] = [
  { value: 'gt06', cn: 'GT06', en: 'GT06' },
  { value: 'watch', cn: '手表(3G)', en: 'Watch (3G)' },
  { value: 'jt808', cn: 'JT/T 808', en: 'JT/T 808' },
  { value: 'osmand', cn: 'OsmAnd', en: 'OsmAnd' },
  { value: 'h02', cn: 'H02', en: 'H02' },
  { value: 'trv', cn: '健康手表(IW)', en: 'Health watch (IW)' },
  { value: 'teltonika', cn: 'Teltonika', en: 'Teltonika' },
];

/** The protocols whose frames are text (the watch's brackets, OsmAnd's HTTP, H02's `*HQ`, TRV's `IW`): their last frame has a text view. */
export const TEXT_PROTOCOLS: readonly string[] = ['watch', 'osmand', 'h02', 'trv'];

/**
 * `POST /api/device/unknownDevice/register`: the device is created under the row's identifier
 * (the device list's add, then allocated to the tenant) and the row removed.
 */
export const registerUnknownBody = z.object({
  id: z.number().int().positive(),
  productId: z.number({ message: 'required' }).int().positive(),
  tenantId: z.number({ message: 'required' }).int().positive(),
  kind: z.enum(DEVICE_KINDS, { message: 'required' }),
  name: z.string().trim().min(1, 'required').max(64, 'tooLong'),
});
export type RegisterUnknownBody = z.infer<typeof registerUnknownBody>;

const U = {
  identifier: /*i18n*/ { id: 'field.unknownDevice.identifier', message: '设备标识' },
  protocol: /*i18n*/ { id: 'field.unknownDevice.protocol', message: '协议' },
  remote: /*i18n*/ { id: 'field.unknownDevice.remote', message: '来源地址' },
  firstSeen: /*i18n*/ { id: 'field.unknownDevice.firstSeen', message: '首次出现' },
  lastSeen: /*i18n*/ { id: 'field.unknownDevice.lastSeen', message: '最后出现' },
  frames: /*i18n*/ { id: 'field.unknownDevice.frames', message: '帧数' },
  lastFrameHex: /*i18n*/ { id: 'field.unknownDevice.lastFrameHex', message: '最后一帧(十六进制)' },
  lastFrameText: /*i18n*/ { id: 'field.unknownDevice.lastFrameText', message: '最后一帧(文本)' },
  decoded: /*i18n*/ { id: 'field.unknownDevice.decoded', message: '解码结果' },
};

/**
 * Devices that spoke a device protocol with an identifier nobody registered (docs/protocols.md
 * "Identity"): the gateway writes the rows, platform super administrators read them, register
 * one as a device or dismiss it. Belongs to no tenant: only super administrators see rows.
 */
const unknownDevice: ResourceDef = {
  kind: 'device',
  name: 'unknownDevice',
  label: /*i18n*/ { id: 'resource.unknownDevice', message: '未注册设备' },
  routes: ['unknownDevices'],
  tenantScoped: false,
  privateRows: true,
  mark: 'unknownDevice',
  defaultSort: { field: 'lastSeen', order: 'desc' },
  actions: ['delete', 'export'],
  fields: [
    idField,
    {
      name: 'identifier',
      label: U.identifier,
      type: 'text',
      form: false,
      keyword: true,
      filter: 'like',
      list: { width: 170, sortable: true },
    },
    {
      name: 'protocol',
      label: U.protocol,
      type: 'code',
      codes: UNKNOWN_PROTOCOL_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 100 },
    },
    { name: 'remote', label: U.remote, type: 'text', form: false, keyword: true, list: { width: 140 } },
    {
      name: 'firstSeen',
      label: U.firstSeen,
      type: 'datetime',
      form: false,
      filter: 'range',
      list: { width: 170, sortable: true, hidden: true },
    },
    {
      name: 'lastSeen',
      label: U.lastSeen,
      type: 'datetime',
      form: false,
      filter: 'range',
      list: { width: 170, sortable: true },
    },
    { name: 'frames', label: U.frames, type: 'integer', form: false, list: { width: 80, sortable: true } },
    { name: 'lastFrameHex', label: U.lastFrameHex, type: 'textarea', form: false, list: { width: 260 } },
    {
      name: 'lastFrameText',
      label: U.lastFrameText,
      type: 'textarea',
      form: false,
      list: { width: 220, hidden: true },
    },
    { name: 'decoded', label: U.decoded, type: 'textarea', form: false, list: { width: 260, hidden: true } },
  ],
};

export default unknownDevice;
