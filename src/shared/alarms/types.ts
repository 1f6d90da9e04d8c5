/**
 * Alarm types of docs/requirements/states-and-codes.md#alarm-types ("numbered 1 to 34") and the string-coded set, with
 * how each is raised. The service's alarm engine, the push, the console's screens and docs/alarms.md all read
 * this one table; a number is never reused.
 */
import type { AlarmEvent } from '../devices/protocol';
import type { LimitMetric } from '../devices/settings';

/** 1 notice, 2 warning, 3 critical (critical ones ring and open a dialog in the console). */
type AlarmLevel = 1 | 2 | 3;

interface AlarmTypeInfo {
  /** Stable name used in code and exports. */
  key: string;
  cn: string;
  en: string;
  level: AlarmLevel;
  /** Whether the condition lasts and later recovers (thresholds, fences, wearing, power) or is one-off. */
  lasting: boolean;
}

export const ALARM_TYPES = {
  1: { key: 'online', cn: '设备上线', en: 'Device online', level: 1, lasting: false },
  2: { key: 'offline', cn: '设备离线', en: 'Device offline', level: 2, lasting: true },
  3: { key: 'fenceRecovery', cn: '围栏恢复', en: 'Fence recovery', level: 1, lasting: false },
  4: { key: 'wearing', cn: '佩戴告警', en: 'Wearing alarm', level: 2, lasting: true },
  5: { key: 'bloodPressure', cn: '血压告警', en: 'Blood pressure', level: 2, lasting: true },
  6: { key: 'heartRate', cn: '心率告警', en: 'Heart rate', level: 2, lasting: true },
  7: { key: 'bodyTemp', cn: '体温告警', en: 'Body temperature', level: 2, lasting: true },
  8: { key: 'smoke', cn: '烟雾告警', en: 'Smoke', level: 3, lasting: true },
  9: { key: 'lowVoltage', cn: '低电告警', en: 'Low battery', level: 2, lasting: true },
  10: { key: 'bloodOxygen', cn: '血氧告警', en: 'Blood oxygen', level: 2, lasting: true },
  11: { key: 'nearElectricity', cn: '近电告警', en: 'Near electricity', level: 3, lasting: false },
  12: { key: 'collision', cn: '碰撞告警', en: 'Collision', level: 3, lasting: false },
  13: { key: 'fall', cn: '跌倒告警', en: 'Fall', level: 3, lasting: false },
  14: { key: 'harmfulGas', cn: '有害气体告警', en: 'Harmful gas', level: 3, lasting: true },
  15: { key: 'sos', cn: 'SOS求救', en: 'SOS', level: 3, lasting: false },
  16: { key: 'ambientTemp', cn: '环境温度告警', en: 'Environment temperature', level: 2, lasting: true },
  17: { key: 'altitude', cn: '高度告警', en: 'Altitude', level: 2, lasting: true },
  18: { key: 'fireButton', cn: '消防按钮告警', en: 'Fire button', level: 3, lasting: false },
  19: { key: 'recovery', cn: '告警恢复', en: 'Alarm recovery', level: 1, lasting: false },
  20: { key: 'fenceExit', cn: '出围栏告警', en: 'Fence exit', level: 2, lasting: false },
  21: { key: 'fenceEntry', cn: '进围栏告警', en: 'Fence entry', level: 2, lasting: false },
  22: { key: 'fault', cn: '设备故障', en: 'Device fault', level: 2, lasting: false },
  23: { key: 'mute', cn: '消音', en: 'Mute', level: 1, lasting: false },
  24: { key: 'button', cn: '按键告警', en: 'Button', level: 2, lasting: false },
  25: { key: 'watchWarning', cn: '手表预警', en: 'Watch warning', level: 2, lasting: false },
  26: { key: 'airQuality', cn: '空气质量告警', en: 'Air quality', level: 2, lasting: true },
  27: { key: 'soundLight', cn: '声光告警', en: 'Sound-light alarm', level: 2, lasting: false },
  28: { key: 'powerLoss', cn: '断电告警', en: 'Power loss', level: 3, lasting: false },
  29: { key: 'humidity', cn: '湿度告警', en: 'Humidity', level: 2, lasting: true },
  30: { key: 'odour', cn: '异味告警', en: 'Odour', level: 2, lasting: true },
  31: { key: 'vocs', cn: 'VOCs告警', en: 'VOCs', level: 2, lasting: true },
  32: { key: 'waterPressure', cn: '水压告警', en: 'Water pressure', level: 2, lasting: true },
  33: { key: 'doorCall', cn: '门口机呼叫', en: 'Door-unit call', level: 1, lasting: false },
  34: { key: 'cardIssued', cn: '发卡通知', en: 'Card issued', level: 1, lasting: false },
} as const satisfies Record<number, AlarmTypeInfo>;

export type AlarmType = keyof typeof ALARM_TYPES;
export const ALARM_TYPE_NUMBERS = Object.keys(ALARM_TYPES).map(Number) as AlarmType[];
type AlarmKey = (typeof ALARM_TYPES)[AlarmType]['key'];

export const ALARM_TYPE_BY_KEY = Object.fromEntries(ALARM_TYPE_NUMBERS.map((n) => [ALARM_TYPES[n].key, n])) as Record<
  AlarmKey,
  AlarmType
>;

export function alarmTypeInfo(type: number): AlarmTypeInfo | undefined {
  return (ALARM_TYPES as Record<number, AlarmTypeInfo>)[type];
}

/**
 * The string-coded set of docs/requirements/states-and-codes.md#alarm-types, carried in `code2` of a record for
 * systems that use it.
 */
type AlarmStringCode =
  | '01' // 低电量 Low battery
  | '02' // 失联 Disconnected
  | '03' // 异常 Abnormal
  | '04'; // 呼救 Call for help

/** The string code a type also carries (undefined for most). */
export const STRING_CODE_OF: Partial<Record<AlarmType, AlarmStringCode>> = {
  9: '01',
  2: '02',
  22: '03',
  15: '04',
};

/** Device alarm events (protocol `kind: 'alarm'`) to alarm types. `wearOn` clears type 4. */
export const EVENT_ALARM_TYPE: Record<AlarmEvent, AlarmType> = {
  sos: 15,
  fall: 13,
  collision: 12,
  wearOn: 4,
  wearOff: 4,
  fireButton: 18,
  smoke: 8,
  gasLeak: 14,
  powerLoss: 28,
  fault: 22,
  mute: 23,
  button: 24,
  nearElectricity: 11,
  soundLight: 27,
  lowBattery: 9,
};

/** Threshold rules on telemetry, evaluated against each device's settings limits. */
export const LIMIT_ALARM_TYPE: Record<LimitMetric, AlarmType> = {
  heartRate: 6,
  bodyTemp: 7,
  bloodOxygen: 10,
  ambientTemp: 16,
  altitude: 17,
  airQuality: 26,
  humidity: 29,
  odour: 30,
  vocs: 31,
};

/** Fixed-threshold rules on telemetry that have no per-device limit in the settings form. */
export const FIXED_RULES = {
  /**
   * Battery colour thresholds of docs/requirements/constants.md#display: red at 10 or below, orange at 20 or below.
   */
  battery: { type: 9 as AlarmType, below: 20, recoverAbove: 25 },
  /** % LEL: 10 is the usual first alarm level of combustible-gas detectors. */
  gas: { type: 14 as AlarmType, above: 10, recoverBelow: 5 },
  /** dB/m obscuration of a photoelectric smoke detector. */
  smoke: { type: 8 as AlarmType, above: 0.1, recoverBelow: 0.05 },
  /** mmHg; either systolic above or diastolic above. */
  systolic: { type: 5 as AlarmType, above: 140, recoverBelow: 135 },
  diastolic: { type: 5 as AlarmType, above: 90, recoverBelow: 85 },
  /** MPa of a fire-main pressure sensor: below 0.1 is too low to fight a fire. */
  waterPressure: { type: 32 as AlarmType, below: 0.1, recoverAbove: 0.15 },
} as const;

/**
 * Records that are events, not alarms (docs/alarms.md "What counts as an alarm"): a device
 * coming online, a recovery, a door-unit call, a card issued. They are kept and listed, but no
 * screen counts them as alarms, so /index, /analyze and /map/alarmTongji give the same totals.
 */
export const EVENT_TYPES: readonly AlarmType[] = (
  ['online', 'fenceRecovery', 'recovery', 'doorCall', 'cardIssued'] as const
).map((k) => ALARM_TYPE_BY_KEY[k]);
/** Recoveries close what was raised: stored handled by the service, so nobody has to handle them. */
export const SELF_HANDLED_TYPES: readonly AlarmType[] = [ALARM_TYPE_BY_KEY.fenceRecovery, ALARM_TYPE_BY_KEY.recovery];
/** The name a self-handled record carries as its handler. */
export const SYSTEM_HANDLER = '系统';

/** Handling state of an alarm record. */
export const ALARM_HANDLE = { pending: 0, handled: 1, falseAlarm: 2 } as const;
export const ALARM_HANDLE_TABLE = [
  { value: ALARM_HANDLE.pending, cn: '未处理', en: 'Pending' },
  { value: ALARM_HANDLE.handled, cn: '已处理', en: 'Handled' },
  { value: ALARM_HANDLE.falseAlarm, cn: '误报', en: 'False alarm' },
] as const;

/** Read state (docs/requirements/states-and-codes.md#status-words: alarm read, unread). */
export const ALARM_READ_TABLE = [
  { value: 0, cn: '未读', en: 'Unread' },
  { value: 1, cn: '已读', en: 'Read' },
] as const;

export const ALARM_LEVEL_TABLE = [
  { value: 1, cn: '提示', en: 'Notice' },
  { value: 2, cn: '警告', en: 'Warning' },
  { value: 3, cn: '紧急', en: 'Critical' },
] as const;
