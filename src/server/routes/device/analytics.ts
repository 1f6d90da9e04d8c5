import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  analyticsBody,
  analyticsExportBody,
  scatterBody,
  stateLineBody,
  type AnalyticsPanel,
} from '../../../shared/analytics';
import { ALARM_TYPES } from '../../../shared/alarms/types';
import { DEVICE_KIND_TABLE } from '../../../shared/codes';
import type { DepartmentCount } from '../../../shared/analytics';
import { alarmAnalytics, deviceAnalytics, scatter, stateLine } from '../../analytics/queries';
import { defuse, tableFile, type Cell } from '../../engine/files';
import { authed } from '../../auth/request';
import { deviceInScope } from '../../devices/scope';

const tags = ['device'];
const NO_DEPARTMENT = '未分配部门';
const typeName = (type: number) => ALARM_TYPES[type as keyof typeof ALARM_TYPES]?.cn ?? String(type);
const kindName = (kind: string) => DEVICE_KIND_TABLE.find((k) => k.value === kind)?.cn ?? kind;

/** The panels of /analyze and /figure as tables: header and rows, the same figures the charts draw. */
const PANEL_TITLES: Record<AnalyticsPanel, string> = {
  alarmTypes: '报警类型',
  alarmDays: '每日报警',
  alarmHours: '时段报警',
  alarmHandling: '处理情况',
  topDevices: '报警最多的设备',
  onlineTrend: '在线设备趋势',
  deviceKinds: '设备类型',
  departments: '部门设备',
};

function flatDepartments(nodes: DepartmentCount[], depth = 0): Cell[][] {
  return nodes.flatMap((n) => [
    [`${'  '.repeat(depth)}${n.name}`, n.count] as Cell[],
    ...flatDepartments(n.children, depth + 1),
  ]);
}

/** The analytics screens (/analyze, /figure): aggregates over indexed tables and rollups, each panel exportable. */
const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/analytics/alarms/stats',
    {
      schema: {
        tags,
        summary: 'Alarms over a window: by type, day and hour, handling rate, mean time to handle, top devices',
        body: analyticsBody,
      },
    },
    async (request, reply) =>
      reply.ok(await alarmAnalytics(app.db, authed(request).scope, request.body, app.config.timeZone)),
  );

  app.post(
    '/analytics/devices/stats',
    {
      schema: {
        tags,
        summary: 'Devices by state, kind and department, and the devices reporting per hour or day (from the rollups)',
        body: analyticsBody,
      },
    },
    async (request, reply) =>
      reply.ok(await deviceAnalytics(app.db, authed(request).scope, request.body, NO_DEPARTMENT)),
  );

  app.post(
    '/analytics/state/events',
    { schema: { tags, summary: "A device's online (1) / offline (2) changes over a window", body: stateLineBody } },
    async (request, reply) => {
      const device = await deviceInScope(app, request, request.body.imei);
      return reply.ok(await stateLine(app.db, device, request.body));
    },
  );

  app.post(
    '/analytics/scatter/rollups',
    {
      schema: {
        tags,
        summary: 'Hourly means of two metrics of the same device and hour (from the rollups)',
        body: scatterBody,
      },
    },
    async (request, reply) => reply.ok(await scatter(app.db, authed(request).scope, request.body)),
  );

  app.post(
    '/analytics/export',
    { schema: { tags, summary: 'One analytics panel as a CSV or XLSX file', body: analyticsExportBody } },
    async (request, reply) => {
      const { panel, format } = request.body;
      const { scope } = authed(request);
      let header: string[];
      let cells: Cell[][];
      if (panel === 'onlineTrend' || panel === 'deviceKinds' || panel === 'departments') {
        const stats = await deviceAnalytics(app.db, scope, request.body, NO_DEPARTMENT);
        if (panel === 'onlineTrend')
          [header, cells] = [['时间', '在线设备数'], stats.onlineTrend.map((p) => [p.t, p.count])];
        else if (panel === 'deviceKinds')
          [header, cells] = [['设备类型', '数量'], stats.byKind.map((k) => [kindName(k.kind), k.count])];
        else [header, cells] = [['部门', '设备数'], flatDepartments(stats.departments)];
      } else {
        const stats = await alarmAnalytics(app.db, scope, request.body, app.config.timeZone);
        if (panel === 'alarmTypes')
          [header, cells] = [['报警类型', '数量'], stats.byType.map((t) => [typeName(t.type), t.count])];
        else if (panel === 'alarmDays')
          [header, cells] = [
            ['日期', '报警数', '已处理'],
            stats.byDay.map((x, i) => [x.day, x.count, stats.handledByDay[i] ?? 0]),
          ];
        else if (panel === 'alarmHours')
          [header, cells] = [['时段', '报警数'], stats.byHour.map((n, h) => [`${String(h).padStart(2, '0')}:00`, n])];
        else if (panel === 'alarmHandling')
          [header, cells] = [
            ['报警总数', '已处理', '处理率', '平均处理时长(秒)', '确认用时中位数(秒)'],
            [
              [
                stats.total,
                stats.handled,
                Math.round(stats.handlingRate * 1000) / 10 + '%',
                stats.meanHandleS,
                stats.ackMedianS,
              ],
            ],
          ];
        else [header, cells] = [['IMEI', '设备名称', '报警数'], stats.topDevices.map((x) => [x.imei, x.name, x.count])];
      }
      const day = new Date(app.clock.now()).toISOString().slice(0, 10).replaceAll('-', '');
      // Device and department names are the users' text: a leading = must not run as a formula.
      const safe = cells.map((row) => row.map((c) => (typeof c === 'string' ? defuse(c) : c)));
      const file = await tableFile(
        { name: `${panel}-${day}`, sheet: PANEL_TITLES[panel], header, cells: safe },
        format,
      );
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );
};

export default analyticsRoutes;
