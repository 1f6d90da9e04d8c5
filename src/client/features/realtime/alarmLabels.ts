import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { alarmTypeInfo, type AlarmType } from '../../../shared/alarms/types';
import { i18n } from '../../i18n/i18n';

/**
 * Translated names of the 34 alarm types (src/shared/alarms/types.ts); the notifications and the
 * alarm screens both read this table. Ids follow the type's stable key.
 */
export const ALARM_TYPE_LABELS: Record<AlarmType, MessageDescriptor> = {
  1: msg({ id: 'alarmType.online', message: '设备上线' }),
  2: msg({ id: 'alarmType.offline', message: '设备离线' }),
  3: msg({ id: 'alarmType.fenceRecovery', message: '围栏恢复' }),
  4: msg({ id: 'alarmType.wearing', message: '佩戴告警' }),
  5: msg({ id: 'alarmType.bloodPressure', message: '血压告警' }),
  6: msg({ id: 'alarmType.heartRate', message: '心率告警' }),
  7: msg({ id: 'alarmType.bodyTemp', message: '体温告警' }),
  8: msg({ id: 'alarmType.smoke', message: '烟雾告警' }),
  9: msg({ id: 'alarmType.lowVoltage', message: '低电告警' }),
  10: msg({ id: 'alarmType.bloodOxygen', message: '血氧告警' }),
  11: msg({ id: 'alarmType.nearElectricity', message: '近电告警' }),
  12: msg({ id: 'alarmType.collision', message: '碰撞告警' }),
  13: msg({ id: 'alarmType.fall', message: '跌倒告警' }),
  14: msg({ id: 'alarmType.harmfulGas', message: '有害气体告警' }),
  15: msg({ id: 'alarmType.sos', message: 'SOS求救' }),
  16: msg({ id: 'alarmType.ambientTemp', message: '环境温度告警' }),
  17: msg({ id: 'alarmType.altitude', message: '高度告警' }),
  18: msg({ id: 'alarmType.fireButton', message: '消防按钮告警' }),
  19: msg({ id: 'alarmType.recovery', message: '告警恢复' }),
  20: msg({ id: 'alarmType.fenceExit', message: '出围栏告警' }),
  21: msg({ id: 'alarmType.fenceEntry', message: '进围栏告警' }),
  22: msg({ id: 'alarmType.fault', message: '设备故障' }),
  23: msg({ id: 'alarmType.mute', message: '消音' }),
  24: msg({ id: 'alarmType.button', message: '按键告警' }),
  25: msg({ id: 'alarmType.watchWarning', message: '手表预警' }),
  26: msg({ id: 'alarmType.airQuality', message: '空气质量告警' }),
  27: msg({ id: 'alarmType.soundLight', message: '声光告警' }),
  28: msg({ id: 'alarmType.powerLoss', message: '断电告警' }),
  29: msg({ id: 'alarmType.humidity', message: '湿度告警' }),
  30: msg({ id: 'alarmType.odour', message: '异味告警' }),
  31: msg({ id: 'alarmType.vocs', message: 'VOCs告警' }),
  32: msg({ id: 'alarmType.waterPressure', message: '水压告警' }),
  33: msg({ id: 'alarmType.doorCall', message: '门口机呼叫' }),
  34: msg({ id: 'alarmType.cardIssued', message: '发卡通知' }),
};

/** The type's name in the current language; an unknown type shows its number. */
export function alarmTypeLabel(type: number): string {
  const descriptor = (ALARM_TYPE_LABELS as Record<number, MessageDescriptor | undefined>)[type];
  if (descriptor) return i18n._(descriptor);
  return alarmTypeInfo(type)?.cn ?? `#${type}`;
}
