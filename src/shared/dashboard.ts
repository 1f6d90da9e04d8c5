/**
 * The scenario dashboards (routes index, index1..index6, index8 and the index4 panels): the body
 * and answer of `POST /api/device/dashboard/summary`, the panel export, and the live "changed"
 * push (code 9040, docs/requirements/realtime-broker.md#message-codes) that tells consoles to
 * fetch the summary again. docs/decisions.md "Dashboards" says why it is a notice and not deltas.
 */
import { z } from 'zod';
import { isoDate } from './dates';
import { DEVICE_KINDS, KIND_INFO, type DeviceKind, type Metric, type SimScenario } from './devices/kinds';

export const DASHBOARD_SCENARIOS = [
  'city',
  'construction',
  'fire',
  'community',
  'campus',
  'supervision',
  'overview',
] as const;
export type DashboardScenario = (typeof DASHBOARD_SCENARIOS)[number];

/** Which dashboard each route shows (index8, the data wall, shows the city's figures). */
export const DASHBOARD_ROUTES: Readonly<Record<string, DashboardScenario>> = {
  index: 'city',
  index1: 'construction',
  index2: 'fire',
  index3: 'community',
  index4: 'campus',
  index5: 'supervision',
  index6: 'overview',
  index8: 'city',
};

/** The campus dashboard's panels, each also a map-layout route of its own. */
export const CAMPUS_PANELS = ['index4map', 'index4yearly', 'index4personnel', 'index4info', 'index4manager'] as const;
export type CampusPanel = (typeof CAMPUS_PANELS)[number];

/** The device kinds a scenario's dashboard counts; city and overview count every kind. */
export function scenarioKinds(scenario: DashboardScenario): readonly DeviceKind[] {
  if (scenario === 'city' || scenario === 'overview') return DEVICE_KINDS;
  return DEVICE_KINDS.filter((k) => (KIND_INFO[k].scenarios as readonly SimScenario[]).includes(scenario));
}

/** The readings a scenario's operators watch (current values from the devices, daily figures from the day rollups). */
export const SCENARIO_METRICS: Readonly<Record<DashboardScenario, readonly Metric[]>> = {
  city: ['heartRate', 'smoke', 'gas'],
  construction: ['heartRate', 'bodyTemp', 'ambientTemp'],
  fire: ['smoke', 'gas', 'waterPressure', 'current'],
  community: ['smoke', 'gas', 'current'],
  campus: ['heartRate', 'bodyTemp', 'steps'],
  supervision: ['heartRate', 'bodyTemp'],
  overview: ['heartRate', 'smoke', 'gas', 'waterPressure'],
};

export const dashboardBody = z.object({
  scenario: z.enum(DASHBOARD_SCENARIOS),
  departmentId: z.number().int().positive().optional(),
  /** The period of the "period" figures (alarms by type and day, handling); default the last seven days. */
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type DashboardBody = z.input<typeof dashboardBody>;

const DASHBOARD_PANELS = [
  'devices',
  'alarmTypes',
  'alarmHours',
  'alarmDays',
  'readings',
  'latest',
  'specific',
] as const;
export type DashboardPanel = (typeof DASHBOARD_PANELS)[number];

export const dashboardExportBody = dashboardBody.extend({
  panel: z.enum(DASHBOARD_PANELS),
  format: z.enum(['csv', 'xlsx']),
});
export type DashboardExportBody = z.input<typeof dashboardExportBody>;

export interface KindCounts {
  kind: string;
  total: number;
  online: number;
  offline: number;
  /** Never activated. */
  inactive: number;
  /** With a raised lasting alarm now (threshold, wearing, offline...), or in state abnormal. */
  alarming: number;
}

export interface LatestAlarm {
  id: number;
  type: number;
  level: number;
  title: string;
  imei: string;
  deviceName: string | null;
  personName: string | null;
  ts: string;
  read: number;
  handleState: number;
  /** Who took it (docs/alarms.md#acknowledgement-and-escalation); null while nobody has. */
  ackedByName?: string | null;
}

export interface ReadingFigure {
  metric: Metric;
  /** Live devices reporting it now. */
  devices: number;
  avg: number | null;
  max: number | null;
  /** Daily average and maximum over the period, from the day rollups. */
  days: { day: string; avg: number | null; max: number | null }[];
}

/** Figures only some scenarios have; absent where they mean nothing. */
export interface ScenarioFigures {
  /** Wearables online now (people on site). */
  peopleOnSite: number;
  wearables: number;
  /** Helmets online and worn / online and taken off (a raised wearing condition). */
  helmetsWorn?: number;
  helmetsOff?: number;
  /** Wristbands and watches online. */
  wristbandsOnline?: number;
  wristbands?: number;
  /** Wearables that reported today (campus attendance) out of all wearables. */
  attendance?: number;
  /** Smoke, gas and water-pressure conditions raised now; breakers off (powerLoss today) and on line. */
  smokeAlarming?: number;
  gasAlarming?: number;
  pressureAlarming?: number;
  breakersOnline?: number;
  breakerTrips?: number;
  /** Door-unit calls (visitors ringing) and cards issued, today and over the period. */
  doorCallsToday?: number;
  doorCalls?: number;
  cardsToday?: number;
  cards?: number;
  /** Devices outside a fence they are watched by now; ankle bracelets taken off now. */
  outOfFence?: number;
  braceletsOff?: number;
}

/** Occupancy, door calls answered and missed, access events by method, cards, faces and ads of the community dashboard. */
export interface CommunityFigures {
  rooms: number;
  /** Rooms with a bound resident (passed, assigned, or applying to exit). */
  occupiedRooms: number;
  /** occupiedRooms / rooms, 0-1; null without rooms. */
  occupancy: number | null;
  /** Door calls of the period after which a console opened that door (remote or call) within 3 minutes, and the rest. */
  doorCallsAnswered: number;
  doorCallsMissed: number;
  /** The period's access events by method (card, face, qr, remote, call, password), and how many were refused. */
  accessByMethod: Record<string, number>;
  accessRefused: number;
  /** Cards in use (issued, not revoked). */
  cardsIssued: number;
  /** Residents' faces awaiting review. */
  facesPending: number;
  /** Ads on door-unit screens now (delivered and acknowledged, not withdrawn). */
  adsPlaying: number;
}

/** The supervision dashboard's (index5) monitored persons under supervision today (src/server/supervision/figures.ts). */
export interface SupervisionFigures {
  persons: number;
  /** Their devices inside / outside their fences now (the rest have no fix yet). */
  inside: number;
  outside: number;
  /** Bracelets taken off (wearing alarm raised), low battery now. */
  removed: number;
  lowBattery: number;
  /** Checked in today; the day's window closed without a check-in. */
  checkedIn: number;
  missedCheckIns: number;
}

/**
 * The campus personnel panel's figures (index4personnel, src/server/dashboard/personnel.ts): who the
 * tenant's people are now, and what the period's days (TIME_ZONE days) held for them.
 */
export interface PersonnelFigures {
  /** The period's first and last day (TIME_ZONE), `YYYY-MM-DD`; the last is never after today. */
  fromDay: string;
  toDay: string;
  /** Active accounts (not visitors) now, by department (with the worn devices assigned there) and by role. */
  people: number;
  byDepartment: { departmentId: number | null; name: string | null; people: number; wearables: number }[];
  byRole: { roleId: number; name: string; people: number }[];
  /** Workers with a punch today (today's attendance records). */
  onDutyToday: number;
  /** The period's attendance records (one per worker and day): totals and per day, zeros included. */
  attendance: { records: number; normal: number; late: number; early: number; absent: number; leave: number };
  attendanceDays: { day: string; normal: number; late: number; absent: number; leave: number }[];
  /** The period's alarms of worn devices (people's alarms, notices left out): total, by type, per day (zeros included). */
  alarms: number;
  alarmsByType: { type: number; count: number }[];
  alarmDays: { day: string; count: number }[];
}

export interface DashboardSummary {
  scenario: DashboardScenario;
  /** When the figures were read, ms. */
  at: number;
  from: string;
  to: string;
  devices: { total: number; online: number; offline: number; inactive: number; alarming: number; byKind: KindCounts[] };
  alarms: {
    today: number;
    period: number;
    byType: { type: number; today: number; period: number }[];
    /** Today's alarms by hour of the day (0-23, in TIME_ZONE). */
    byHour: number[];
    byDay: { day: string; count: number }[];
    handled: number;
    pending: number;
    /** Share of the period's alarms handled, 0-1 (null without alarms). */
    handleRate: number | null;
    /** Mean seconds from the alarm to its handling, over the handled ones. */
    meanHandleS: number | null;
    /** Median and 90th percentile seconds from a warning or critical alarm to its acknowledgement (null: none acknowledged). */
    ackMedianS: number | null;
    ackP90S: number | null;
    /** The period's alarms whose escalation sent at least one notification (docs/alarms.md#acknowledgement-and-escalation). */
    escalated: number;
  };
  readings: ReadingFigure[];
  figures: ScenarioFigures;
  /** The community dashboard's access-control figures (index3, src/server/dashboard/community.ts). */
  community?: CommunityFigures;
  supervision?: SupervisionFigures;
  /** The campus dashboard's people (index4, index4personnel). */
  personnel?: PersonnelFigures;
  latest: LatestAlarm[];
}

/** The live notice: something a dashboard shows changed in this tenant; fetch the summary again. */
export const DASHBOARD_CODE = '9040';
/** The service coalesces a tenant's changes and publishes at most this often. */
export const DASHBOARD_PUSH_MS = 250;
const DASHBOARD_PARTS = ['devices', 'alarms', 'readings'] as const;

export const dashboardPushSchema = z.object({
  code: z
    .union([z.literal(DASHBOARD_CODE), z.literal(Number(DASHBOARD_CODE))])
    .transform((): typeof DASHBOARD_CODE => DASHBOARD_CODE),
  parts: z.array(z.enum(DASHBOARD_PARTS)).max(DASHBOARD_PARTS.length),
  at: z.number(),
});
export type DashboardPush = z.infer<typeof dashboardPushSchema>;
