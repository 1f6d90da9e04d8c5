/**
 * A product's thing model (数据模型): the metrics its devices report (key, name, unit, range,
 * precision) and the commands they obey (name, parameters). Stored per product
 * (`products.thing_model`), edited on /map/dataModel, imported and exported as JSON, and read by
 * the metric screens for units and ranges. Products seeded from src/shared/devices/kinds.ts get
 * the model of their kind (defaultThingModel).
 */
import { z } from 'zod';
import { isBadText } from '../text';
import { COMMANDS, KIND_INFO, METRIC_RANGES, type DeviceKind, type Metric } from './kinds';

/** Units offered in the editor; any other unit may be typed as free text. */
export const UNIT_OPTIONS = [
  'bpm',
  '°C',
  '%',
  'mmHg',
  'm',
  'AQI',
  'mg/m³',
  '%LEL',
  'dB/m',
  'MPa',
  'V',
  'A',
  'W',
  'kWh',
  'lx',
  'ppm',
  'dB',
  's',
] as const;

/** The unit of each telemetry key (docs/device-protocol.md lists them). */
export const METRIC_UNITS: Record<Metric, string> = {
  heartRate: 'bpm',
  bodyTemp: '°C',
  bloodOxygen: '%',
  systolic: 'mmHg',
  diastolic: 'mmHg',
  steps: '',
  ambientTemp: '°C',
  humidity: '%',
  altitude: 'm',
  airQuality: 'AQI',
  odour: '',
  vocs: 'mg/m³',
  gas: '%LEL',
  smoke: 'dB/m',
  waterPressure: 'MPa',
  voltage: 'V',
  current: 'A',
  power: 'W',
  battery: '%',
  signal: '',
  closed: '',
  locked: '',
  traffic: 'KB',
  subDevices: '',
};

const METRIC_NAMES: Record<Metric, string> = {
  heartRate: '心率',
  bodyTemp: '体温',
  bloodOxygen: '血氧',
  systolic: '收缩压',
  diastolic: '舒张压',
  steps: '步数',
  ambientTemp: '环境温度',
  humidity: '湿度',
  altitude: '海拔',
  airQuality: '空气质量',
  odour: '异味',
  vocs: 'VOCs',
  gas: '可燃气体',
  smoke: '烟雾浓度',
  waterPressure: '水压',
  voltage: '电压',
  current: '电流',
  power: '功率',
  battery: '电量',
  signal: '信号',
  closed: '合闸',
  locked: '锁定',
  traffic: '上行流量',
  subDevices: '子设备数',
};

const METRIC_PRECISION: Partial<Record<Metric, number>> = {
  bodyTemp: 1,
  ambientTemp: 1,
  vocs: 2,
  gas: 1,
  smoke: 2,
  waterPressure: 2,
  voltage: 1,
  current: 2,
  altitude: 1,
};

const COMMAND_NAMES: Record<(typeof COMMANDS)[number], string> = {
  locate: '立即定位',
  restart: '重启',
  setInterval: '上报间隔',
  switch: '开关',
  valve: '阀门',
  broadcast: '语音播报',
  volume: '音量',
  report: '立即上报',
  lock: '锁定',
  unlock: '解锁',
  relay: '继电器',
  custom: '原始指令',
  videoCall: '视频通话',
  accessRights: '门禁权限下发',
  armCard: '发卡',
  adPush: '广告投放',
  adWithdraw: '广告撤回',
  faceLibrary: '下发人脸库',
};

const text = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min)
    .max(max)
    .refine((v) => !isBadText(v), 'text holds a NUL byte or an unpaired surrogate');

/** Keys devices put on the wire: a letter, then letters, digits or underscores. */
const MODEL_KEY_RE = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;
const key = z.string().regex(MODEL_KEY_RE, 'key');

export const PARAM_TYPES = ['integer', 'number', 'text', 'enum', 'boolean'] as const;

const modelMetricSchema = z
  .object({
    key,
    name: text(1, 32),
    unit: z.string().trim().max(16).default(''),
    min: z.number().finite(),
    max: z.number().finite(),
    precision: z.number().int().min(0).max(6),
  })
  .refine((m) => m.min < m.max, { message: 'range', path: ['max'] });
export type ModelMetric = z.infer<typeof modelMetricSchema>;

const modelParamSchema = z
  .object({
    key,
    name: text(1, 32),
    type: z.enum(PARAM_TYPES),
    /** enum: the allowed values. */
    values: z.array(text(1, 32)).max(20).optional(),
    min: z.number().finite().optional(),
    max: z.number().finite().optional(),
  })
  .refine((p) => p.min === undefined || p.max === undefined || p.min < p.max, { message: 'range', path: ['max'] })
  .refine((p) => p.type !== 'enum' || (p.values?.length ?? 0) > 0, { message: 'values', path: ['values'] });
type ModelParam = z.infer<typeof modelParamSchema>;

const modelCommandSchema = z.object({ key, name: text(1, 32), params: z.array(modelParamSchema).max(10) });
export type ModelCommand = z.infer<typeof modelCommandSchema>;

/** Where a duplicate key was found, for the editor to point at. */
function uniqueKeys(items: readonly { key: string }[], ctx: z.RefinementCtx, path: (string | number)[]): void {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (seen.has(item.key)) ctx.addIssue({ code: 'custom', message: 'duplicate', path: [...path, i, 'key'] });
    seen.add(item.key);
  });
}

export const thingModelSchema = z
  .object({
    version: z.literal(1).default(1),
    metrics: z.array(modelMetricSchema).max(64),
    commands: z.array(modelCommandSchema).max(32),
  })
  .superRefine((m, ctx) => {
    uniqueKeys(m.metrics, ctx, ['metrics']);
    uniqueKeys(m.commands, ctx, ['commands']);
    m.commands.forEach((c, i) => uniqueKeys(c.params, ctx, ['commands', i, 'params']));
  });
export type ThingModel = z.infer<typeof thingModelSchema>;

/** The parameters of the built-in commands (src/shared/devices/protocol.ts commandParams). */
const COMMAND_PARAMS: Record<(typeof COMMANDS)[number], ModelParam[]> = {
  locate: [],
  restart: [],
  setInterval: [{ key: 'seconds', name: '秒', type: 'integer', min: 10, max: 86_400 }],
  switch: [
    {
      key: 'mode',
      name: '模式',
      type: 'enum',
      values: ['linkOn', 'linkOff', 'singleOn', 'singleOff', 'manualClose', 'autoLink', 'manualLink'],
    },
  ],
  valve: [{ key: 'action', name: '动作', type: 'enum', values: ['open', 'close'] }],
  broadcast: [
    { key: 'mp3', name: '音频地址', type: 'text' },
    { key: 'text', name: '播报文本', type: 'text' },
  ],
  volume: [{ key: 'level', name: '音量', type: 'integer', min: 0, max: 100 }],
  report: [],
  lock: [],
  unlock: [],
  relay: [{ key: 'on', name: '断开', type: 'boolean' }],
  custom: [{ key: 'text', name: '指令', type: 'text' }],
  videoCall: [
    { key: 'channel', name: '频道', type: 'text' },
    { key: 'roomId', name: '房间号', type: 'text' },
    { key: 'video', name: '视频', type: 'boolean' },
  ],
  accessRights: [{ key: 'version', name: '版本', type: 'integer', min: 0, max: 2_147_483_647 }],
  armCard: [{ key: 'seconds', name: '秒', type: 'integer', min: 10, max: 600 }],
  adPush: [
    { key: 'adId', name: '广告', type: 'integer', min: 1, max: 2_147_483_647 },
    { key: 'durationS', name: '时长（秒）', type: 'integer', min: 1, max: 3600 },
  ],
  adWithdraw: [{ key: 'adId', name: '广告', type: 'integer', min: 1, max: 2_147_483_647 }],
  faceLibrary: [{ key: 'libraryId', name: '人脸库', type: 'integer', min: 1, max: 2_147_483_647 }],
};

/** The model of a device kind, from kinds.ts: what the seed gives each demo product. */
export function defaultThingModel(kind: DeviceKind): ThingModel {
  const info = KIND_INFO[kind];
  return {
    version: 1,
    metrics: info.metrics.map((m) => ({
      key: m,
      name: METRIC_NAMES[m],
      unit: METRIC_UNITS[m],
      min: METRIC_RANGES[m][0],
      max: METRIC_RANGES[m][1],
      precision: METRIC_PRECISION[m] ?? 0,
    })),
    commands: info.commands.map((c) => ({ key: c, name: COMMAND_NAMES[c], params: COMMAND_PARAMS[c] })),
  };
}

/** The kind a seeded product stands for (code `P-<kind>`), if any. */
export function kindOfProductCode(code: string): DeviceKind | undefined {
  const kind = code.startsWith('P-') ? code.slice(2) : '';
  return Object.hasOwn(KIND_INFO, kind) ? (kind as DeviceKind) : undefined;
}

export const productIdBody = z.object({ productId: z.number().int().positive() });
export const thingModelSaveBody = z.object({ productId: z.number().int().positive(), model: thingModelSchema });

export interface ThingModelAnswer {
  productId: number;
  name: string;
  code: string;
  model: ThingModel;
  /** False while the product still shows the model of its kind (never saved). */
  saved: boolean;
}

/** `POST /api/device/product/modelUnits`: unit, range and precision of each metric key, over every product of the scope. */
export type MetricUnits = Record<string, { unit: string; min: number; max: number; precision: number }>;
