import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { DELIVERY } from '../../../shared/codes';
import type { CommandName, Metric, SwitchMode } from '../../../shared/devices/kinds';
import { METRIC_UNITS } from '../../../shared/devices/thing-model';

/** Badge colour of a command's delivery state (1 not sent, 3 sent, 4 failed). */
export const DELIVERY_COLOR: Record<number, string> = {
  [DELIVERY.notSent]: 'gray',
  [DELIVERY.sent]: 'blue',
  [DELIVERY.failed]: 'red',
};

/** Units of the telemetry keys (docs/device-protocol.md); a product's thing model may override them. */

const METRIC_LABELS: Record<Metric, MessageDescriptor> = {
  heartRate: msg`心率`,
  bodyTemp: msg`体温`,
  bloodOxygen: msg`血氧`,
  systolic: msg`收缩压`,
  diastolic: msg`舒张压`,
  steps: msg`步数`,
  ambientTemp: msg`环境温度`,
  humidity: msg`湿度`,
  altitude: msg`海拔`,
  airQuality: msg`空气质量`,
  odour: msg`异味强度`,
  vocs: msg`挥发性有机物`,
  gas: msg`燃气浓度`,
  smoke: msg`烟雾浓度`,
  waterPressure: msg`水压`,
  voltage: msg`电压`,
  current: msg`电流`,
  power: msg`功率`,
  battery: msg`电量`,
  signal: msg`信号`,
  closed: msg`合闸状态`,
  locked: msg`锁定状态`,
  traffic: msg`上行流量`,
  subDevices: msg`子设备数`,
};

const COMMAND_LABELS: Record<CommandName, MessageDescriptor> = {
  locate: msg`立即定位`,
  restart: msg`重启设备`,
  setInterval: msg`设置上报间隔`,
  switch: msg`开关模式`,
  valve: msg`阀门控制`,
  broadcast: msg`语音播报`,
  volume: msg`设置音量`,
  report: msg`立即上报`,
  lock: msg`锁定`,
  unlock: msg`解锁`,
  relay: msg`继电器`,
  custom: msg`原始指令`,
  videoCall: msg`视频通话`,
  accessRights: msg`门禁权限下发`,
  armCard: msg`发卡`,
  adPush: msg`广告投放`,
  adWithdraw: msg`广告撤回`,
  faceLibrary: msg`下发人脸库`,
};

const SWITCH_LABELS: Record<SwitchMode, MessageDescriptor> = {
  linkOn: msg`联动开`,
  linkOff: msg`联动关`,
  singleOn: msg`单控开`,
  singleOff: msg`单控关`,
  manualClose: msg`手动关闭`,
  autoLink: msg`自动联动`,
  manualLink: msg`手动联动`,
};

export const metricLabel = (i18n: I18n, metric: string): string =>
  metric in METRIC_LABELS ? i18n._(METRIC_LABELS[metric as Metric]) : metric;

export const metricUnit = (metric: string): string => METRIC_UNITS[metric as Metric] ?? '';

export const commandLabel = (i18n: I18n, cmd: string): string =>
  cmd in COMMAND_LABELS ? i18n._(COMMAND_LABELS[cmd as CommandName]) : cmd;

export const switchLabel = (i18n: I18n, mode: SwitchMode): string => i18n._(SWITCH_LABELS[mode]);
