import type { CodeEntry } from '../../shared/codes';
import { createdAtField, hiddenColumn, idField, SHARED_LABELS, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';
import { stateMachine } from '../../shared/state-machine';

/** ICCID: 19 or 20 digits (ITU-T E.118; the 20th is the Luhn check digit some carriers print). */
export const ICCID_RE = /^\d{19,20}$/;

/** The carrier of a card (the adapter that answers for it, src/server/carrier/). */
export const SIM_CARRIER = { chinaMobile: 1, chinaUnicom: 2, chinaTelecom: 3 } as const;
export const SIM_CARRIER_TABLE: readonly CodeEntry[] = [
  { value: SIM_CARRIER.chinaMobile, cn: '中国移动', en: 'China Mobile' },
  { value: SIM_CARRIER.chinaUnicom, cn: '中国联通', en: 'China Unicom' },
  { value: SIM_CARRIER.chinaTelecom, cn: '中国电信', en: 'China Telecom' },
];

/**
 * A card's state, in the order of docs/requirements/states-and-codes.md#status-words ("SIM card"):
 * 1 activatable, 2 test active, 3 live active, 4 stopped, 5 resuming, 6 shutdown in progress,
 * 7 disassembled, 8 exception. The codes are ours (the requirement names the states only).
 */
export const SIM_STATE = {
  activatable: 1,
  testActive: 2,
  liveActive: 3,
  stopped: 4,
  resuming: 5,
  shuttingDown: 6,
  disassembled: 7,
  exception: 8,
} as const;

export const SIM_STATE_TABLE: readonly CodeEntry[] = [
  { value: SIM_STATE.activatable, cn: '可激活', en: 'Activatable' },
  { value: SIM_STATE.testActive, cn: '测试激活', en: 'Test active' },
  { value: SIM_STATE.liveActive, cn: '正式激活', en: 'Live active' },
  { value: SIM_STATE.stopped, cn: '停机', en: 'Stopped' },
  { value: SIM_STATE.resuming, cn: '复机中', en: 'Resuming' },
  { value: SIM_STATE.shuttingDown, cn: '停机中', en: 'Shutdown in progress' },
  { value: SIM_STATE.disassembled, cn: '已拆机', en: 'Disassembled' },
  { value: SIM_STATE.exception, cn: '异常', en: 'Exception' },
];

/**
 * Suspend: test/live active -> shutdown in progress -> stopped once the carrier confirms (back to
 * where it was if the carrier refuses, exception if it never answers). Resume: stopped (or
 * exception) -> resuming -> live active. Activation: activatable -> test/live active, test -> live.
 * Anything else is 'noSuchTransition'.
 */
export const SIM_MACHINE = stateMachine<number>('simCard', {
  [SIM_STATE.activatable]: [SIM_STATE.testActive, SIM_STATE.liveActive, SIM_STATE.exception],
  [SIM_STATE.testActive]: [SIM_STATE.liveActive, SIM_STATE.shuttingDown, SIM_STATE.exception],
  [SIM_STATE.liveActive]: [SIM_STATE.shuttingDown, SIM_STATE.exception],
  [SIM_STATE.shuttingDown]: [SIM_STATE.stopped, SIM_STATE.liveActive, SIM_STATE.testActive, SIM_STATE.exception],
  [SIM_STATE.stopped]: [SIM_STATE.resuming, SIM_STATE.disassembled],
  [SIM_STATE.resuming]: [SIM_STATE.liveActive, SIM_STATE.stopped, SIM_STATE.exception],
  [SIM_STATE.disassembled]: [],
  [SIM_STATE.exception]: [SIM_STATE.resuming, SIM_STATE.shuttingDown],
});

/** States a card can be suspended from / is in service in. */
export const SIM_ACTIVE_STATES: readonly number[] = [SIM_STATE.testActive, SIM_STATE.liveActive];

/** How a card came in: added or imported by a user, or found from a device's reported ICCID. */
export const SIM_SOURCE = { added: 0, device: 1 } as const;
const SIM_SOURCE_TABLE: readonly CodeEntry[] = [
  { value: SIM_SOURCE.added, cn: '录入/导入', en: 'Added or imported' },
  { value: SIM_SOURCE.device, cn: '设备上报', en: 'Reported by device' },
];

/** Marks beyond the CRUD set (src/shared/permissions.ts EXTRA_MARKS). */
export const SIM_MARK_SUSPEND = 'simCard:suspend' as const;
export const SIM_MARK_BIND = 'simCard:bind' as const;
export const SIM_MARK_CHANGE_PACKAGE = 'simCard:changePackage' as const;
export const SIM_MARK_SYNC = 'simCard:sync' as const;

const S = {
  imei: /*i18n*/ { id: 'field.simCard.imei', message: '绑定设备IMEI' },
  packageId: /*i18n*/ { id: 'field.simCard.packageId', message: '当前套餐' },
};

/**
 * /SIMCard (cards, usage this month, suspend/resume) and /DeviceSim (binding to devices).
 * `dataUsedMb`, `smsUsed`, `voiceUsedMin` are this month's (`usageMonth`, YYYY-MM) as the carrier
 * last answered (`usageSyncedAt`); `packageDataMb` ... are the current package's allowance.
 * `state` moves only through the plugin's suspend/resume (the carrier decides), never the form.
 */
const simCard: ResourceDef = {
  kind: 'iot',
  name: 'simCard',
  label: /*i18n*/ { id: 'resource.simCard', message: 'SIM卡' },
  routes: ['SIMCard', 'DeviceSim'],
  tenantScoped: true,
  mark: 'simCard',
  defaultSort: { field: 'id', order: 'desc' },
  // At 1366 px /SIMCard starts with ICCID, state, package expiry and this month's data, /DeviceSim
  // with ICCID, number, bound IMEI, state and package expiry; the rest are in the column settings.
  fields: [
    hiddenColumn(idField),
    {
      name: 'iccid',
      label: /*i18n*/ { id: 'field.simCard.iccid', message: 'ICCID' },
      type: 'text',
      required: true,
      max: 20,
      pattern: { re: ICCID_RE, message: 'iccidInvalid' },
      keyword: true,
      filter: 'like',
      list: { width: 200, fixed: 'left', sortable: true },
    },
    {
      name: 'imsi',
      label: /*i18n*/ { id: 'field.simCard.imsi', message: 'IMSI' },
      type: 'text',
      max: 15,
      pattern: { re: /^\d{6,15}$/, message: 'invalidInput' },
      keyword: true,
      list: { width: 150, hidden: true },
    },
    {
      name: 'msisdn',
      label: /*i18n*/ { id: 'field.simCard.msisdn', message: '接入号' },
      type: 'text',
      max: 20,
      pattern: { re: /^\d{5,20}$/, message: 'invalidInput' },
      keyword: true,
      filter: 'like',
      list: { width: 140, sortable: true, hidden: ['SIMCard'] },
    },
    {
      name: 'imei',
      label: S.imei,
      type: 'text',
      max: 20,
      keyword: true,
      filter: 'like',
      list: { width: 160, hidden: ['SIMCard'] },
    },
    {
      name: 'deviceId',
      label: /*i18n*/ { id: 'field.simCard.deviceId', message: '绑定设备' },
      type: 'ref',
      ref: { kind: 'device', resource: 'device', labelField: 'name' },
      form: false,
      filter: 'eq',
      list: false,
    },
    {
      name: 'supplyCode',
      label: /*i18n*/ { id: 'field.simCard.supplyCode', message: '供货编码' },
      type: 'text',
      max: 40,
      keyword: true,
      filter: 'like',
      list: { width: 120, hidden: true },
    },
    {
      name: 'carrier',
      label: /*i18n*/ { id: 'field.simCard.carrier', message: '运营商' },
      type: 'code',
      codes: SIM_CARRIER_TABLE,
      required: true,
      filter: 'eq',
      list: { width: 100, sortable: true, hidden: true },
    },
    {
      name: 'state',
      label: SHARED_LABELS.status,
      type: 'code',
      codes: SIM_STATE_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 110, sortable: true },
    },
    {
      name: 'packageId',
      label: S.packageId,
      type: 'ref',
      ref: { kind: 'iot', resource: 'package', labelField: 'name' },
      form: false,
      filter: 'eq',
      list: { width: 150, hidden: true },
    },
    {
      name: 'packageStartedAt',
      label: /*i18n*/ { id: 'field.simCard.packageStartedAt', message: '套餐生效时间' },
      type: 'datetime',
      form: false,
      list: false,
    },
    {
      name: 'packageExpiresAt',
      label: /*i18n*/ { id: 'field.simCard.packageExpiresAt', message: '套餐到期时间' },
      type: 'datetime',
      form: false,
      filter: 'range',
      list: { width: 170, sortable: true },
    },
    {
      name: 'openedAt',
      label: /*i18n*/ { id: 'field.simCard.openedAt', message: '开户时间' },
      type: 'datetime',
      filter: 'range',
      list: { width: 170, sortable: true, hidden: true },
    },
    {
      name: 'activatedAt',
      label: /*i18n*/ { id: 'field.simCard.activatedAt', message: '激活时间' },
      type: 'datetime',
      filter: 'range',
      list: { width: 170, sortable: true, hidden: true },
    },
    {
      name: 'usageMonth',
      label: /*i18n*/ { id: 'field.simCard.usageMonth', message: '用量月份' },
      type: 'text',
      form: false,
      list: false,
    },
    {
      name: 'dataUsedMb',
      label: /*i18n*/ { id: 'field.simCard.dataUsedMb', message: '本月流量（MB）' },
      type: 'decimal',
      form: false,
      filter: 'range',
      list: { width: 130, sortable: true, hidden: ['DeviceSim'] },
    },
    {
      name: 'smsUsed',
      label: /*i18n*/ { id: 'field.simCard.smsUsed', message: '本月短信（条）' },
      type: 'integer',
      form: false,
      list: { width: 120, hidden: true },
    },
    {
      name: 'voiceUsedMin',
      label: /*i18n*/ { id: 'field.simCard.voiceUsedMin', message: '本月语音（分钟）' },
      type: 'integer',
      form: false,
      list: { width: 130, hidden: true },
    },
    {
      name: 'packageDataMb',
      label: /*i18n*/ { id: 'field.simCard.packageDataMb', message: '套餐流量（MB）' },
      type: 'integer',
      form: false,
      list: false,
    },
    {
      name: 'packageSms',
      label: /*i18n*/ { id: 'field.simCard.packageSms', message: '套餐短信（条）' },
      type: 'integer',
      form: false,
      list: false,
    },
    {
      name: 'packageVoice',
      label: /*i18n*/ { id: 'field.simCard.packageVoice', message: '套餐语音（分钟）' },
      type: 'integer',
      form: false,
      list: false,
    },
    {
      name: 'usageSyncedAt',
      label: /*i18n*/ { id: 'field.simCard.usageSyncedAt', message: '用量同步时间' },
      type: 'datetime',
      form: false,
      list: { width: 170, hidden: true },
    },
    {
      name: 'source',
      label: /*i18n*/ { id: 'field.simCard.source', message: '来源' },
      type: 'code',
      codes: SIM_SOURCE_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 100, hidden: true },
    },
    hiddenColumn(tenantField),
    hiddenColumn({ ...createdAtField, label: SHARED_LABELS.createdAt }),
  ],
};

export default simCard;
