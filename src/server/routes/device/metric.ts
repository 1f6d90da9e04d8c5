import { and, asc, count, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEVICE_STATE } from '../../../shared/codes';
import {
  metricDevicesBody,
  metricFleetBody,
  type MetricDeviceRow,
  type MetricDevices,
  type MetricFleet,
} from '../../../shared/devices/api';
import type { Metric } from '../../../shared/devices/kinds';
import {
  fixedLimits,
  kindsReporting,
  metricLimits,
  METRIC_LEVELS,
  type MetricLevel,
} from '../../../shared/devices/metric-limits';
import { LIMIT_METRICS } from '../../../shared/devices/settings';
import { maskRow } from '../../../shared/mask';
import { devices } from '../../db/schema';
import { tenantWhere } from '../../db/scope';
import { rollupSeries } from '../../devices/rollups';
import { likePattern } from '../../engine/query';
import { authed, hidesPersonal } from '../../auth/request';
import { deviceServer } from '../../../entities/device';

const tags = ['device'];
const d = devices;
const float = (v: number | undefined): SQL =>
  v === undefined ? sql`null::double precision` : sql`${v}::double precision`;
const HOUR_MS = 3_600_000;

/**
 * The low and high limits of a metric as SQL over each device's settings, the same values
 * metricLimits gives in code: a stored settings limit, else the default, else the fixed rule.
 */
function limitsSql(metric: Metric): { min: SQL; max: SQL } {
  if (metric in LIMIT_METRICS) {
    const def = LIMIT_METRICS[metric as keyof typeof LIMIT_METRICS];
    const stored = (side: 'low' | 'high') =>
      sql`(${d.settings} -> 'limits' -> ${metric} ->> ${side})::double precision`;
    return {
      min: sql`coalesce(${stored('low')}, ${float(def.low)})`,
      max: sql`coalesce(${stored('high')}, ${float(def.high)})`,
    };
  }
  const fixed = fixedLimits(metric);
  return { min: float(fixed.min), max: float(fixed.max) };
}

interface RowsQuery {
  metric: Metric;
  page: number;
  size: number;
  keyword?: string;
  level?: MetricLevel;
  /**
   * 'level': high, low, normal, offline, the out-of-limit ones worst first and the rest by IMEI, so
   * the list does not reorder with every reading. 'severity': worst first across the levels (the
   * fleet chart), offline last.
   */
  order: 'level' | 'severity';
}

/**
 * The devices of the caller's scope that report a metric, with the current value, limits and level
 * (evaluated in SQL, so filters, counts and paging need no second pass), and the count per level.
 */
async function metricRows(
  app: FastifyInstance,
  request: FastifyRequest,
  q: RowsQuery,
): Promise<{ rows: (MetricDeviceRow & { id: number })[]; counts: Record<MetricLevel, number> }> {
  const { metric, page, size, keyword, level } = q;
  const { scope } = authed(request);
  const value = sql`(${d.lastValues} ->> ${metric})::double precision`;
  const { min, max } = limitsSql(metric);
  const live = inArray(d.state, [DEVICE_STATE.online, DEVICE_STATE.abnormal]);
  const levelSql = sql<MetricLevel>`case when ${value} is null or not ${live} then 'offline' when ${value} > ${max} then 'high' when ${value} < ${min} then 'low' else 'normal' end`;
  // How far beyond its nearest limit the value is (negative: how far inside), in widths of the
  // normal band, or of the one limit when there is only one; null for a metric without limits.
  const width = sql`coalesce(nullif(${max} - ${min}, 0), nullif(abs(coalesce(${max}, ${min})), 0), 1)`;
  const severity = sql`greatest(${value} - ${max}, ${min} - ${value}) / ${width}`;
  const offlineLast = sql`case when ${levelSql} = 'offline' then 1 else 0 end`;
  const orderBy =
    q.order === 'severity'
      ? [offlineLast, sql`${severity} desc nulls last`, sql`${value} desc nulls last`, asc(d.imei)]
      : [
          sql`case ${levelSql} when 'high' then 0 when 'low' then 1 when 'normal' then 2 else 3 end`,
          sql`case when ${levelSql} in ('high', 'low') then ${severity} end desc nulls last`,
          asc(d.imei),
        ];
  const kinds = kindsReporting(metric);
  const reports = or(
    kinds.length ? inArray(d.kind, kinds) : undefined,
    sql`(${d.lastValues} ->> ${metric}) is not null`,
  );
  const pattern = keyword ? likePattern(keyword) : undefined;
  const matches = pattern
    ? or(ilike(d.imei, pattern), ilike(d.name, pattern), ilike(d.personName, pattern))
    : undefined;
  const where = and(tenantWhere(scope, d), reports, matches);

  // Grouped by position: the level's parameters are numbered afresh in each clause.
  const [byLevel, rows] = await Promise.all([
    app.db
      .select({ level: levelSql, n: count() })
      .from(d)
      .where(where)
      .groupBy(sql`1`),
    app.db
      .select({
        id: d.id,
        imei: d.imei,
        name: d.name,
        kind: d.kind,
        state: d.state,
        personName: d.personName,
        personPhone: d.personPhone,
        lastValues: d.lastValues,
        settings: d.settings,
        at: d.lastCommunicationAt,
        level: levelSql,
      })
      .from(d)
      .where(level ? and(where, sql`${levelSql} = ${level}`) : where)
      .orderBy(...orderBy)
      .limit(size)
      .offset((page - 1) * size),
  ]);
  const counts = Object.fromEntries(METRIC_LEVELS.map((l) => [l, 0])) as Record<MetricLevel, number>;
  for (const r of byLevel) counts[r.level] = Number(r.n);
  const masked = await hidesPersonal(request, deviceServer.binding.def.routes[0]!);
  const out = rows.map((r) => {
    const row: MetricDeviceRow = {
      imei: r.imei,
      name: r.name,
      kind: r.kind,
      state: r.state,
      personName: r.personName,
      personPhone: r.personPhone,
      value: r.lastValues?.[metric] ?? null,
      at: r.at ? r.at.toISOString() : null,
      limits: metricLimits(metric, r.settings),
      level: r.level,
    };
    return { ...(masked ? maskRow(deviceServer.binding.def.fields, row) : row), id: r.id };
  });
  return { rows: out, counts };
}

const withoutId = ({ id: _id, ...row }: MetricDeviceRow & { id: number }): MetricDeviceRow => row;

/** The telemetry screens (src/shared/devices/metric-routes.ts): devices by their current value of one metric. */
const metricRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/metric/devices',
    {
      schema: {
        tags,
        summary:
          "Devices of the caller's scope that report a metric, with the current value against their alarm limits",
        body: metricDevicesBody,
      },
    },
    async (request, reply) => {
      const { rows, counts } = await metricRows(app, request, { ...request.body, order: 'level' });
      const { level } = request.body;
      const total = level ? counts[level] : METRIC_LEVELS.reduce((n, l) => n + counts[l], 0);
      const answer: MetricDevices = { rows: rows.map(withoutId), total, counts };
      return reply.ok(answer);
    },
  );

  app.post(
    '/metric/fleet',
    {
      schema: {
        tags,
        summary:
          "The worst devices of the caller's scope by a metric (beyond or nearest to their limits first) and the last hours of the worst few from the rollups",
        body: metricFleetBody,
      },
    },
    async (request, reply) => {
      const { metric, size, lines, hours } = request.body;
      const { rows, counts } = await metricRows(app, request, { metric, page: 1, size, order: 'severity' });
      const to = new Date(app.clock.now());
      const from = new Date(to.getTime() - hours * HOUR_MS);
      const worst = rows.slice(0, lines);
      const series = await rollupSeries(
        app.db,
        worst.map((r) => r.id),
        metric,
        from,
        to,
      );
      const answer: MetricFleet = {
        devices: rows.map(withoutId),
        live: counts.high + counts.low + counts.normal,
        series: worst.map((r) => ({ imei: r.imei, name: r.name, ...series.get(r.id)! })),
        from: from.toISOString(),
        to: to.toISOString(),
      };
      return reply.ok(answer);
    },
  );
};

export default metricRoutes;
