/**
 * Bodies and answers of the analytics screens (/analyze, /figure, /management1): aggregates over
 * indexed tables and the reading rollups, never raw readings (docs/architecture.md "Analytics").
 */
import { z } from 'zod';
import { isoDate } from './dates';
import { IMEI_RE } from './devices/protocol';
import { METRICS, type Metric } from './devices/kinds';

/** The longest window an analytics answer covers. */
const ANALYTICS_MAX_DAYS = 366;
const DAY_MS = 86_400_000;

const window = {
  from: isoDate,
  to: isoDate,
  /** Only devices (and their alarms) of this department. */
  departmentId: z.number().int().positive().optional(),
};
const rangeOk = (b: { from: string; to: string }) => Date.parse(b.from) < Date.parse(b.to);
const rangeShort = (b: { from: string; to: string }) =>
  Date.parse(b.to) - Date.parse(b.from) <= ANALYTICS_MAX_DAYS * DAY_MS;

/** `POST /api/device/analytics/alarms/stats`, `/devices/stats`, `/figure/stats`. */
export const analyticsBody = z
  .object(window)
  .refine(rangeOk, { message: 'rangeInvalid', path: ['to'] })
  .refine(rangeShort, { message: 'tooLarge', path: ['to'] });
export type AnalyticsBody = z.input<typeof analyticsBody>;

/** The exportable panels of /analyze and /figure. */
const ANALYTICS_PANELS = [
  'alarmTypes',
  'alarmDays',
  'alarmHours',
  'alarmHandling',
  'topDevices',
  'onlineTrend',
  'deviceKinds',
  'departments',
] as const;
export type AnalyticsPanel = (typeof ANALYTICS_PANELS)[number];

/** `POST /api/device/analytics/export`: one panel as a CSV or XLSX file. */
export const analyticsExportBody = z
  .object({ ...window, panel: z.enum(ANALYTICS_PANELS), format: z.enum(['csv', 'xlsx']) })
  .refine(rangeOk, { message: 'rangeInvalid', path: ['to'] })
  .refine(rangeShort, { message: 'tooLarge', path: ['to'] });

export interface AlarmAnalytics {
  total: number;
  handled: number;
  /** handled / total, 0..1 (0 without alarms). */
  handlingRate: number;
  /** Mean seconds from the alarm to its handling, over the handled ones; null when none was handled. */
  meanHandleS: number | null;
  /** Median seconds from a warning or critical alarm to its acknowledgement; null when none was acknowledged. */
  ackMedianS: number | null;
  byType: { type: number; count: number }[];
  /** One entry per day of the window (TIME_ZONE days), zeros included. */
  byDay: { day: string; count: number }[];
  /** 24 entries: alarms per hour of the day (TIME_ZONE). */
  byHour: number[];
  /** Handled counts per day, aligned with byDay. */
  handledByDay: number[];
  topDevices: { imei: string; name: string | null; count: number }[];
}

export interface DeviceAnalytics {
  total: number;
  /** Device state counts now: DEVICE_STATE number -> count. */
  byState: { state: number; count: number }[];
  byKind: { kind: string; count: number }[];
  /** Devices that reported in each bucket (from the hour or day rollups), zeros included. */
  onlineTrend: { t: string; count: number }[];
  grain: 'hour' | 'day';
  /** Device counts per department, as a tree (pid 0 roots); devices without one under id 0. */
  departments: DepartmentCount[];
}

export interface DepartmentCount {
  id: number;
  name: string;
  count: number;
  children: DepartmentCount[];
}

const imei = z.string().trim().regex(IMEI_RE, 'imeiInvalid');

/** `POST /api/device/analytics/state/events`: a device's online/offline changes over a window. */
export const stateLineBody = z
  .object({ imei, from: isoDate, to: isoDate })
  .refine(rangeOk, { message: 'rangeInvalid', path: ['to'] })
  .refine(rangeShort, { message: 'tooLarge', path: ['to'] });
export interface StateLineAnswer {
  imei: string;
  name: string | null;
  /** 1 = online, 2 = offline (docs/requirements/widgets.md#charts), one point per change, the window's start first. */
  points: { t: string; state: 1 | 2 }[];
}

/** `POST /api/device/analytics/scatter/rollups`: hourly means of two metrics of the same device and hour. */
export const scatterBody = z
  .object({ ...window, x: z.enum(METRICS), y: z.enum(METRICS) })
  .refine(rangeOk, { message: 'rangeInvalid', path: ['to'] })
  .refine(rangeShort, { message: 'tooLarge', path: ['to'] });
export const SCATTER_MAX_POINTS = 2_000;
export interface ScatterAnswer {
  x: Metric;
  y: Metric;
  /** [x, y] per device and hour, by kind. */
  series: { kind: string; points: [number, number][] }[];
}

/** `POST /api/user/management/stats`: the administrator's overview (/management1). */
export interface ManagementStats {
  users: { total: number; enabled: number };
  roles: number;
  departments: number;
  devices: { total: number; byState: { state: number; count: number }[]; byStock: { state: number; count: number }[] };
  jobs: { state: number; count: number }[];
  storage: { files: number; bytes: number };
  /** Audit entries per day over the last 7 days, and per action. */
  audit: { byDay: { day: string; count: number }[]; byAction: { action: string; count: number }[] };
}
