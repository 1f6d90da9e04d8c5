import { and, count, eq, gte, sql, sum, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ManagementStats } from '../../../shared/analytics';
import { auditLog, departments, devices, jobs, roles, uploads, users } from '../../db/schema';
import { isPlatformScope, tenantWhere } from '../../db/scope';
import { authed } from '../../auth/request';
import { rowsOf } from '../../db/rows';
import { daysOf } from '../../analytics/queries';

const DAY_MS = 86_400_000;

/** `POST /api/user/management/stats`: the administrator's overview for /management1, counts only. */
const managementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/management/stats',
    {
      schema: {
        tags: ['user'],
        summary:
          "Counts of the caller's tenant: users, roles, departments, devices by state and stock, jobs, storage, audit activity",
        body: z.object({}).optional(),
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const now = app.clock.now();
      const since = new Date(now - 6 * DAY_MS);
      const tz = app.config.timeZone;
      const auditTenant: SQL | undefined = isPlatformScope(scope) ? undefined : eq(auditLog.tenantId, scope.tenantId);
      const auditWhere = and(auditTenant, gte(auditLog.at, since));
      const w = (table: Parameters<typeof tenantWhere>[1]) => tenantWhere(scope, table);
      const [[u], [r], [dep], byState, byStock, jobStates, [files], auditDays, auditActions] = await Promise.all([
        app.db
          .select({ n: count(), enabled: sql<number>`count(*) filter (where ${users.status} = 1)` })
          .from(users)
          .where(w(users)),
        app.db.select({ n: count() }).from(roles).where(w(roles)),
        app.db.select({ n: count() }).from(departments).where(w(departments)),
        app.db.select({ state: devices.state, n: count() }).from(devices).where(w(devices)).groupBy(devices.state),
        app.db
          .select({ state: devices.stockState, n: count() })
          .from(devices)
          .where(w(devices))
          .groupBy(devices.stockState),
        app.db.select({ state: jobs.state, n: count() }).from(jobs).where(w(jobs)).groupBy(jobs.state),
        app.db
          .select({ n: count(), bytes: sum(uploads.bytes) })
          .from(uploads)
          .where(w(uploads)),
        app.db.execute(
          sql`select to_char(${auditLog.at} at time zone ${tz}, 'YYYY-MM-DD') as day, count(*) as n from ${auditLog} where ${auditWhere ?? sql`true`} group by 1`,
        ),
        app.db
          .select({ action: auditLog.action, n: count() })
          .from(auditLog)
          .where(auditWhere)
          .groupBy(auditLog.action),
      ]);
      const perDay = new Map(rowsOf<{ day: string; n: number }>(auditDays).map((x) => [x.day, Number(x.n)]));
      const devicesTotal = byState.reduce((n, x) => n + Number(x.n), 0);
      const answer: ManagementStats = {
        users: { total: Number(u?.n ?? 0), enabled: Number(u?.enabled ?? 0) },
        roles: Number(r?.n ?? 0),
        departments: Number(dep?.n ?? 0),
        devices: {
          total: devicesTotal,
          byState: byState.map((x) => ({ state: x.state, count: Number(x.n) })).sort((a, b) => a.state - b.state),
          byStock: byStock.map((x) => ({ state: x.state, count: Number(x.n) })).sort((a, b) => a.state - b.state),
        },
        jobs: jobStates.map((x) => ({ state: x.state, count: Number(x.n) })).sort((a, b) => a.state - b.state),
        storage: { files: Number(files?.n ?? 0), bytes: Number(files?.bytes ?? 0) },
        audit: {
          byDay: daysOf(since.getTime(), now, tz).map((day) => ({ day, count: perDay.get(day) ?? 0 })),
          byAction: auditActions
            .map((x) => ({ action: x.action, count: Number(x.n) }))
            .sort((a, b) => b.count - a.count),
        },
      };
      return reply.ok(answer);
    },
  );
};

export default managementRoutes;
