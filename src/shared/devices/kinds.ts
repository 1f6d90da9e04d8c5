/**
 * Device kinds of docs/requirements/README.md#devices and what each reports and obeys. The simulator, the seed, the
 * command panel and the ingest rules all read this one table.
 */
export const DEVICE_KINDS = [
  'helmet',
  'wristband',
  'watch',
  'ankle',
  'locator',
  'smoke',
  'fireButton',
  'gas',
  'waterPressure',
  'breaker',
  'doorUnit',
  'uwbTag',
  'gateway4g',
  'phone',
] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** Telemetry keys a device may report (docs/device-protocol.md lists the units). */
export const METRICS = [
  'heartRate', // bpm
  'bodyTemp', // °C
  'bloodOxygen', // % SpO2
  'systolic', // mmHg
  'diastolic', // mmHg
  'steps',
  'ambientTemp', // °C
  'humidity', // % RH
  'altitude', // m
  'airQuality', // AQI
  'odour', // 0-100
  'vocs', // mg/m3
  'gas', // % LEL
  'smoke', // dB/m obscuration
  'waterPressure', // MPa
  'voltage', // V
  'current', // A
  'power', // W
  'battery', // %
  'signal', // bars 0-4
  // Breakers' state (docs/device-protocol.md#breakers-and-gateways): 1 closed (current flows), 0 open.
  'closed',
  // 1 locked: the breaker refuses open and close until unlocked.
  'locked',
  // 4G gateways: uplink traffic in KB since the last report, sub-devices reachable behind it.
  'traffic',
  'subDevices',
] as const;
export type Metric = (typeof METRICS)[number];

/**
 * What each metric can physically read, inclusive (units as in METRICS). Wider than any alarm
 * threshold, so a sick worker or a fire still reads; a value outside is a broken sensor or a
 * forged message, and the ingest refuses it (counted as 'implausible', kept as a dead letter).
 */
export const METRIC_RANGES: Record<Metric, readonly [number, number]> = {
  heartRate: [0, 350],
  bodyTemp: [0, 50],
  bloodOxygen: [0, 100],
  systolic: [0, 350],
  diastolic: [0, 300],
  steps: [0, 1_000_000],
  // Smoke detectors and breakers sit in the fire they report.
  ambientTemp: [-80, 1_200],
  humidity: [0, 100],
  altitude: [-1_000, 10_000],
  airQuality: [0, 2_000],
  odour: [0, 100],
  vocs: [0, 10_000],
  gas: [0, 100],
  smoke: [0, 100],
  waterPressure: [0, 100],
  voltage: [0, 100_000],
  current: [0, 100_000],
  power: [0, 10_000_000],
  battery: [0, 100],
  signal: [0, 4],
  closed: [0, 1],
  locked: [0, 1],
  traffic: [0, 10_000_000],
  subDevices: [0, 10_000],
};

/** The first metric of `values` outside its physical range, with its value. */
export function implausibleMetric(
  values: Partial<Record<Metric, number>>,
): { metric: Metric; value: number } | undefined {
  for (const [metric, value] of Object.entries(values) as [Metric, number][]) {
    const range = METRIC_RANGES[metric];
    if (range && !(value >= range[0] && value <= range[1])) return { metric, value };
  }
  return undefined;
}

export const SIM_SCENARIOS = ['construction', 'fire', 'community', 'campus', 'supervision'] as const;
export type SimScenario = (typeof SIM_SCENARIOS)[number];

/** Commands of docs/requirements/entities.md#device-commands, by the name the protocol carries. */
export const COMMANDS = [
  'locate',
  'restart',
  'setInterval',
  'switch',
  'valve',
  'broadcast',
  'volume',
  'report',
  'lock',
  'unlock',
  'relay',
  'custom',
  'videoCall',
  'accessRights',
  'armCard',
  'adPush',
  'adWithdraw',
  'faceLibrary',
] as const;
export type CommandName = (typeof COMMANDS)[number];

/** Switch command modes of docs/requirements/states-and-codes.md#status-words. */
export const SWITCH_MODES = [
  'linkOn',
  'linkOff',
  'singleOn',
  'singleOff',
  'manualClose',
  'autoLink',
  'manualLink',
] as const;
export type SwitchMode = (typeof SWITCH_MODES)[number];
/** Switch modes that open a breaker (cut the power); the `On` modes close it. */
export const OPENING_MODES: readonly SwitchMode[] = ['linkOff', 'singleOff', 'manualClose'];
export const CLOSING_MODES: readonly SwitchMode[] = ['linkOn', 'singleOn'];

export const VALVE_ACTIONS = ['open', 'close'] as const;

interface KindInfo {
  cn: string;
  en: string;
  /** Scenarios where the simulator deploys it. */
  scenarios: readonly SimScenario[];
  metrics: readonly Metric[];
  commands: readonly CommandName[];
  /** Whether it reports positions (GPS or UWB). */
  moves: boolean;
  /** Worn by a person (wearing events, falls, SOS). */
  wearable: boolean;
}

const WEARABLE_COMMANDS = ['locate', 'restart', 'setInterval'] as const;

export const KIND_INFO: Record<DeviceKind, KindInfo> = {
  helmet: {
    cn: '智能安全帽',
    en: 'Smart helmet',
    scenarios: ['construction'],
    metrics: ['heartRate', 'bodyTemp', 'ambientTemp', 'altitude', 'battery', 'signal'],
    commands: [...WEARABLE_COMMANDS, 'broadcast', 'volume', 'videoCall'],
    moves: true,
    wearable: true,
  },
  wristband: {
    cn: '手环',
    en: 'Wristband',
    scenarios: ['supervision', 'campus'],
    metrics: ['heartRate', 'bodyTemp', 'bloodOxygen', 'systolic', 'diastolic', 'steps', 'battery', 'signal'],
    commands: WEARABLE_COMMANDS,
    moves: true,
    wearable: true,
  },
  watch: {
    cn: '手表',
    en: 'Watch',
    scenarios: ['campus', 'community'],
    metrics: ['heartRate', 'bodyTemp', 'bloodOxygen', 'steps', 'battery', 'signal'],
    commands: [...WEARABLE_COMMANDS, 'videoCall'],
    moves: true,
    wearable: true,
  },
  ankle: {
    cn: '脚环',
    en: 'Ankle bracelet',
    scenarios: ['supervision'],
    metrics: ['heartRate', 'bodyTemp', 'battery', 'signal'],
    commands: WEARABLE_COMMANDS,
    moves: true,
    wearable: true,
  },
  // A GT06 locator may be wired to a relay (a vehicle's fuel pump, a door): relay cut and restore.
  locator: {
    cn: '定位器',
    en: 'Locator',
    scenarios: ['campus', 'construction'],
    metrics: ['battery', 'signal'],
    commands: [...WEARABLE_COMMANDS, 'relay'],
    moves: true,
    wearable: false,
  },
  smoke: {
    cn: '烟感',
    en: 'Smoke detector',
    scenarios: ['fire', 'community'],
    metrics: ['smoke', 'ambientTemp', 'battery', 'signal'],
    commands: ['restart', 'setInterval', 'broadcast', 'volume'],
    moves: false,
    wearable: false,
  },
  fireButton: {
    cn: '手动报警按钮',
    en: 'Manual fire button',
    scenarios: ['fire'],
    metrics: ['battery', 'signal'],
    commands: [],
    moves: false,
    wearable: false,
  },
  gas: {
    cn: '燃气探测器',
    en: 'Gas sensor',
    scenarios: ['fire', 'community'],
    metrics: ['gas', 'ambientTemp', 'humidity', 'airQuality', 'odour', 'vocs', 'signal'],
    commands: ['restart', 'setInterval', 'valve'],
    moves: false,
    wearable: false,
  },
  waterPressure: {
    cn: '水压传感器',
    en: 'Water-pressure sensor',
    scenarios: ['fire'],
    metrics: ['waterPressure', 'battery', 'signal'],
    commands: ['restart', 'setInterval'],
    moves: false,
    wearable: false,
  },
  breaker: {
    cn: '智能断路器',
    en: 'Smart breaker',
    scenarios: ['fire', 'community'],
    metrics: ['voltage', 'current', 'power', 'ambientTemp', 'signal', 'closed', 'locked'],
    commands: ['restart', 'switch', 'lock', 'unlock'],
    moves: false,
    wearable: false,
  },
  doorUnit: {
    cn: '门口机',
    en: 'Door unit',
    scenarios: ['community'],
    metrics: ['signal'],
    commands: [
      'restart',
      'broadcast',
      'volume',
      'videoCall',
      'accessRights',
      'armCard',
      'adPush',
      'adWithdraw',
      'faceLibrary',
    ],
    moves: false,
    wearable: false,
  },
  uwbTag: {
    cn: 'UWB标签',
    en: 'UWB tag',
    scenarios: ['construction'],
    metrics: ['battery'],
    commands: ['restart'],
    moves: true,
    wearable: true,
  },
  gateway4g: {
    cn: '4G网关',
    en: '4G gateway',
    scenarios: ['fire', 'community'],
    metrics: ['signal', 'traffic', 'subDevices'],
    commands: ['restart'],
    moves: false,
    wearable: false,
  },
  // A patrol officer's own phone sharing its position from the console (docs/device-protocol.md,
  // "The phone shares its position"): it is reached by nothing, so it obeys no command, and the
  // simulator deploys none (no scenario).
  phone: {
    cn: '巡逻手机',
    en: 'Patrol phone',
    scenarios: [],
    metrics: ['battery'],
    commands: [],
    moves: true,
    wearable: false,
  },
};

/** Kinds no downlink reaches (the console's phone posts over HTTP and listens to nothing): not even the universal commands. */
const NO_DOWNLINK_KINDS: readonly DeviceKind[] = ['phone'];

/** Kinds the simulator runs: those deployed in a scenario. */
export const SIMULATED_KINDS: readonly DeviceKind[] = DEVICE_KINDS.filter((k) => KIND_INFO[k].scenarios.length > 0);

/**
 * Commands every kind obeys: `report` asks for a fresh status and readings (and a fix, for a
 * device that moves) now instead of at the next interval (/randomReload).
 */
/** Every kind takes these; `custom` (a raw command in the device's own protocol, docs/protocols.md) needs the device:rawCommand mark. */
const UNIVERSAL_COMMANDS: readonly CommandName[] = ['report', 'custom'];

export function kindSupports(kind: string, cmd: string): boolean {
  if ((NO_DOWNLINK_KINDS as readonly string[]).includes(kind)) return false;
  if (kind in KIND_INFO && (UNIVERSAL_COMMANDS as readonly string[]).includes(cmd)) return true;
  return (KIND_INFO[kind as DeviceKind]?.commands as readonly string[] | undefined)?.includes(cmd) ?? false;
}

/** Kinds that can join a conference or the monitoring wall with their camera and microphone (`videoCall`). */
export const VIDEO_CALL_KINDS: readonly DeviceKind[] = DEVICE_KINDS.filter((k) => kindSupports(k, 'videoCall'));
