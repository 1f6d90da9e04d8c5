import { eq } from 'drizzle-orm';
import {
  ALARM_HANDLE,
  ALARM_TYPES,
  FIXED_RULES,
  LIMIT_ALARM_TYPE,
  STRING_CODE_OF,
  type AlarmType,
} from '../../shared/alarms/types';
import { KIND_INFO, type DeviceKind, type Metric } from '../../shared/devices/kinds';
import { DEFAULT_SETTINGS, LIMIT_METRICS, type LimitMetric } from '../../shared/devices/settings';
import { alarmRecords, devices } from './schema';
import type { Tx } from './driver';

const DAY_MS = 86_400_000;
const DAYS = 14;
const PER_DEVICE = 6;

/** The reading that would have raised a threshold alarm, and the threshold it crossed. */
const FIXED_OF: Partial<Record<Metric, { type: AlarmType; value: number; threshold: number }>> = {
  battery: { type: FIXED_RULES.battery.type, value: 12, threshold: FIXED_RULES.battery.below },
  gas: { type: FIXED_RULES.gas.type, value: 18, threshold: FIXED_RULES.gas.above },
  smoke: { type: FIXED_RULES.smoke.type, value: 0.22, threshold: FIXED_RULES.smoke.above },
  systolic: { type: FIXED_RULES.systolic.type, value: 152, threshold: FIXED_RULES.systolic.above },
  waterPressure: { type: FIXED_RULES.waterPressure.type, value: 0.06, threshold: FIXED_RULES.waterPressure.below },
};

type Candidate = { type: AlarmType; value: number | null; threshold: number | null };

/** Alarms a device of this kind can raise: its metrics' thresholds and the events it has. */
function candidates(kind: DeviceKind): Candidate[] {
  const info = KIND_INFO[kind];
  const out: Candidate[] = [{ type: 2, value: null, threshold: null }];
  for (const m of info.metrics) {
    const limitType = LIMIT_ALARM_TYPE[m as LimitMetric];
    if (limitType) {
      const high = DEFAULT_SETTINGS.limits[m as LimitMetric]!.high;
      const over = Math.min(LIMIT_METRICS[m as LimitMetric].max, high * 1.2);
      out.push({ type: limitType, value: Math.round(over * 100) / 100, threshold: high });
    }
    const fixed = FIXED_OF[m];
    if (fixed) out.push(fixed);
  }
  const events: AlarmType[] = info.wearable
    ? [15, 13, 4]
    : kind === 'fireButton'
      ? [18]
      : kind === 'doorUnit'
        ? [33, 34, 15]
        : [22];
  if (kind === 'helmet') events.push(12, 11);
  return [...out, ...events.map((type) => ({ type, value: null, threshold: null }))];
}

/** A small deterministic generator, so every fresh demo looks the same. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32;
}

/**
 * Alarm history of the demo site over the past 14 days, so the alarm screens and statistics show
 * something before the simulator has raised anything: a few alarms per device, older ones mostly
 * read and handled, recent ones unread and pending, threshold alarms often followed by recovery.
 */
export async function seedAlarms(tx: Tx, tenantId: number, now = Date.now()): Promise<number> {
  const fleet = await tx.select().from(devices).where(eq(devices.tenantId, tenantId)).orderBy(devices.id);
  const rand = lcg(20_261_122);
  const rows: (typeof alarmRecords.$inferInsert)[] = [];
  for (const d of fleet) {
    const options = candidates(d.kind as DeviceKind);
    for (let i = 0; i < PER_DEVICE; i++) {
      const c = options[Math.floor(rand() * options.length)]!;
      const ts = new Date(now - rand() * DAYS * DAY_MS);
      const ageDays = (now - ts.getTime()) / DAY_MS;
      const info = ALARM_TYPES[c.type];
      const handled = ageDays > 2 && rand() < 0.8;
      const base = {
        tenantId,
        deviceId: d.id,
        imei: d.imei,
        lat: d.lat,
        lon: d.lon,
        location: d.installLocation,
        deviceName: d.name,
        deviceKind: d.kind,
        personName: d.personName,
        personPhone: d.personPhone,
        departmentId: d.departmentId,
        userId: d.userId,
        createdAt: ts,
      };
      rows.push({
        ...base,
        type: c.type,
        level: info.level,
        title: info.cn,
        code2: STRING_CODE_OF[c.type] ?? null,
        value: c.value,
        threshold: c.threshold,
        data:
          c.type === 33
            ? { roomNo: String(101 + Math.floor(rand() * 20) * 100) }
            : c.type === 34
              ? { cardInfo: `CARD-${1000 + i}` }
              : null,
        ts,
        read: handled || ageDays > 1 ? 1 : 0,
        handleState: handled ? (rand() < 0.15 ? ALARM_HANDLE.falseAlarm : ALARM_HANDLE.handled) : ALARM_HANDLE.pending,
        handlerName: handled ? 'Demo administrator' : null,
        handleNote: handled ? 'Checked on site' : null,
        handledAt: handled ? new Date(ts.getTime() + 15 * 60_000) : null,
        // Handled ones were taken first, 8 to 87 s after they were raised (not from rand(), which
        // would shift every later row of the demo), so the response figures have something to show.
        ...(handled
          ? {
              ackedAt: new Date(ts.getTime() + (8 + ((d.id * 37 + i * 11) % 80)) * 1000),
              ackedByName: 'Demo administrator',
            }
          : {}),
      });
      if (info.lasting && rand() < 0.7) {
        const end = new Date(ts.getTime() + (5 + rand() * 55) * 60_000);
        if (end.getTime() < now) {
          const recovery = ALARM_TYPES[c.type === 2 ? 1 : 19];
          rows.push({
            ...base,
            type: c.type === 2 ? 1 : 19,
            recoveredType: c.type,
            level: recovery.level,
            title: recovery.cn,
            threshold: c.threshold,
            ts: end,
            createdAt: end,
            read: 1,
          });
        }
      }
    }
  }
  for (let i = 0; i < rows.length; i += 500) await tx.insert(alarmRecords).values(rows.slice(i, i + 500));
  return rows.length;
}
