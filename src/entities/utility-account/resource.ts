import { COMMUNITY_LABELS } from '../community/resource';
import type { CodeEntry } from '../../shared/codes';
import { createdAtField, idField, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/** What a prepaid account meters: electricity (kWh, the community's electricity rate) or water (m³, its water rate). */
export const UTILITY_KIND = { electricity: 1, water: 2 } as const;
export type UtilityKind = (typeof UTILITY_KIND)[keyof typeof UTILITY_KIND];
const UTILITY_KIND_TABLE: readonly CodeEntry<number>[] = [
  { value: UTILITY_KIND.electricity, cn: '电', en: 'Electricity' },
  { value: UTILITY_KIND.water, cn: '水', en: 'Water' },
];
/** The route of each kind's screen. */
export const UTILITY_ROUTE: Record<UtilityKind, 'elecCard' | 'waterCard'> = { 1: 'elecCard', 2: 'waterCard' };

/**
 * An account's state: normal, low (balance below its threshold: one alarm per crossing), cut off
 * (balance below zero, arrears). A top-up or a reading moves it; it is never set by hand.
 */
export const UTILITY_STATE = { normal: 0, low: 1, cutOff: 2 } as const;
export const UTILITY_STATE_TABLE: readonly CodeEntry<number>[] = [
  { value: UTILITY_STATE.normal, cn: '正常', en: 'Normal' },
  { value: UTILITY_STATE.low, cn: '余额不足', en: 'Low balance' },
  { value: UTILITY_STATE.cutOff, cn: '欠费停用', en: 'Arrears, cut off' },
];

/** The state a balance puts an account in (fen against the threshold in fen). */
export function utilityStateOf(balanceFen: number, thresholdFen: number): number {
  if (balanceFen < 0) return UTILITY_STATE.cutOff;
  if (balanceFen < thresholdFen) return UTILITY_STATE.low;
  return UTILITY_STATE.normal;
}

/**
 * The valve (water) or relay (electricity) of an account's meter, as its gateway is told: closed
 * while the account is in arrears (cut off), open otherwise. The gateway reads it from the meter
 * list and from every reading's answer, and a closed meter takes no more water or power.
 */
export type Valve = 'open' | 'closed';
export const valveOf = (state: number): Valve => (state === UTILITY_STATE.cutOff ? 'closed' : 'open');

/** Ledger rows: a charged reading, a credited top-up, a refused reading (lower than the last), a suspect jump (held, not charged), a refunded top-up (debited). */
export const LEDGER_TYPE = { reading: 1, topup: 2, refused: 3, suspect: 4, refund: 5 } as const;
export const LEDGER_TYPE_TABLE: readonly CodeEntry<number>[] = [
  { value: LEDGER_TYPE.reading, cn: '抄表扣费', en: 'Reading charged' },
  { value: LEDGER_TYPE.topup, cn: '充值', en: 'Top-up' },
  { value: LEDGER_TYPE.refused, cn: '读数回退(已拒绝)', en: 'Lower reading (refused)' },
  { value: LEDGER_TYPE.suspect, cn: '读数突增(待核查)', en: 'Suspect jump (held)' },
  { value: LEDGER_TYPE.refund, cn: '充值退款', en: 'Top-up refunded' },
];

/** Where a reading came from. */
export const READING_SOURCE = { device: 0, manual: 1 } as const;

/**
 * The largest consumption one reading may charge; more is held as a suspect jump (a broken
 * meter, a swapped one or a typo), logged but not charged. kWh for electricity, m³ for water.
 */
export const MAX_READING_DELTA: Record<UtilityKind, number> = { 1: 1000, 2: 100 };

/** Top-up limits in yuan. */
export const TOPUP_MAX_YUAN = 5000;

/** Marks beyond the CRUD set (src/shared/permissions.ts EXTRA_MARKS). */
export const UTILITY_MARK_READING = 'utilityAccount:reading' as const;
export const UTILITY_MARK_TOPUP = 'utilityAccount:topup' as const;

const U = {
  kind: /*i18n*/ { id: 'field.utilityAccount.kind', message: '类型' },
  room: /*i18n*/ { id: 'field.utilityAccount.room', message: '房间' },
  meterNo: /*i18n*/ { id: 'field.utilityAccount.meterNo', message: '表号' },
  gatewayImei: /*i18n*/ { id: 'field.utilityAccount.gatewayImei', message: '采集网关IMEI' },
  balance: /*i18n*/ { id: 'field.utilityAccount.balance', message: '余额(元)' },
  threshold: /*i18n*/ { id: 'field.utilityAccount.threshold', message: '低余额阈值(元)' },
  rate: /*i18n*/ { id: 'field.utilityAccount.rate', message: '单价(元)' },
  lastReading: /*i18n*/ { id: 'field.utilityAccount.lastReading', message: '最近读数' },
  lastReadAt: /*i18n*/ { id: 'field.utilityAccount.lastReadAt', message: '抄表时间' },
  state: /*i18n*/ { id: 'field.utilityAccount.state', message: '状态' },
};

/**
 * /elecCard and /waterCard: prepaid electricity and water accounts of the community's rooms, one
 * per room and kind. Readings (from the meters' gateway, or entered by hand) charge
 * delta x the rate (the room's unit's override, else the community's) against the balance; a
 * top-up through the payment interface credits it. Money is stored in fen; `balance` is yuan.
 */
const utilityAccount: ResourceDef = {
  kind: 'user',
  name: 'utilityAccount',
  label: /*i18n*/ { id: 'resource.utilityAccount', message: '水电账户' },
  routes: ['elecCard', 'waterCard'],
  tenantScoped: true,
  mark: 'utilityAccount',
  defaultSort: { field: 'id', order: 'asc' },
  fields: [
    idField,
    {
      name: 'communityId',
      label: COMMUNITY_LABELS.community,
      type: 'ref',
      ref: { kind: 'user', resource: 'community', labelField: 'name' },
      form: false,
      filter: 'eq',
      list: { width: 140 },
    },
    {
      name: 'buildingId',
      label: COMMUNITY_LABELS.building,
      type: 'ref',
      ref: { kind: 'user', resource: 'building', labelField: 'name' },
      form: false,
      filter: 'eq',
      list: { width: 100 },
    },
    {
      name: 'roomId',
      label: U.room,
      type: 'ref',
      ref: { kind: 'user', resource: 'room', labelField: 'name' },
      required: true,
      form: 'add',
      filter: 'eq',
      list: { width: 150 },
    },
    {
      name: 'kind',
      label: U.kind,
      type: 'code',
      codes: UTILITY_KIND_TABLE,
      required: true,
      form: 'add',
      filter: 'eq',
      list: { width: 70 },
    },
    {
      name: 'meterNo',
      label: U.meterNo,
      type: 'text',
      required: true,
      max: 32,
      pattern: { re: /^[0-9A-Za-z-]{4,32}$/, message: 'meterNoInvalid' },
      keyword: true,
      filter: 'like',
      list: { width: 150, sortable: true },
    },
    {
      name: 'gatewayImei',
      label: U.gatewayImei,
      type: 'text',
      max: 20,
      pattern: { re: /^[0-9A-Za-z]{6,20}$/, message: 'imeiInvalid' },
      filter: 'eq',
      list: { width: 150 },
    },
    {
      name: 'balance',
      label: U.balance,
      type: 'decimal',
      form: false,
      filter: 'range',
      list: { width: 110, sortable: true },
    },
    {
      name: 'threshold',
      label: U.threshold,
      type: 'decimal',
      min: 0,
      max: 10_000,
      list: { width: 120, sortable: true },
    },
    { name: 'rate', label: U.rate, type: 'decimal', form: false, list: { width: 90 } },
    { name: 'lastReading', label: U.lastReading, type: 'decimal', form: false, list: { width: 110 } },
    { name: 'lastReadAt', label: U.lastReadAt, type: 'datetime', form: false, list: { width: 170, sortable: true } },
    {
      name: 'state',
      label: U.state,
      type: 'code',
      codes: UTILITY_STATE_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 100 },
    },
    tenantField,
    createdAtField,
  ],
};

export default utilityAccount;
