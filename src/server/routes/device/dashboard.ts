import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Code } from '../../../shared/api';
import { dashboardBody, dashboardExportBody, type DashboardBody } from '../../../shared/dashboard';
import { parseDate } from '../../../shared/dates';
import { DailyCache, dashboardSummary } from '../../dashboard/summary';
import { panelTable } from '../../dashboard/export';
import { departments } from '../../db/schema';
import { tenantWhere } from '../../db/scope';
import { tableFile } from '../../engine/files';
import { fail } from '../../lib/api-error';
import { authed } from '../../auth/request';

const tags = ['dashboard'];
/** The longest period a dashboard sums (the alarm index keeps it cheap; a year is the campus yearly panel). */
const MAX_PERIOD_MS = 366 * 86_400_000;

/** The scenario dashboards (src/shared/dashboard.ts): one summary, and any panel of it as a file. */
const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const daily = new DailyCache();
  async function summaryOf(request: Parameters<typeof authed>[0], body: DashboardBody) {
    const { scope } = authed(request);
    if (body.from && body.to) {
      const span = parseDate(body.to) - parseDate(body.from);
      if (span < 0) fail(Code.BAD_REQUEST, 'invalidInput', 'from must not be after to');
      if (span > MAX_PERIOD_MS) fail(Code.BAD_REQUEST, 'invalidInput', 'the period is longer than a year');
    }
    if (body.departmentId) {
      const [dept] = await app.db
        .select({ id: departments.id })
        .from(departments)
        .where(and(eq(departments.id, body.departmentId), tenantWhere(scope, departments)));
      if (!dept) fail(Code.NOT_FOUND, 'notFound');
    }
    return dashboardSummary(app.db, scope, body, { now: app.clock.now(), timeZone: app.config.timeZone, daily });
  }

  app.post(
    '/dashboard/summary',
    { schema: { tags, summary: "A scenario dashboard's figures for the caller's tenant", body: dashboardBody } },
    async (request, reply) => reply.ok(await summaryOf(request, request.body)),
  );

  app.post(
    '/dashboard/export',
    { schema: { tags, summary: 'One panel of a scenario dashboard as CSV or XLSX', body: dashboardExportBody } },
    async (request, reply) => {
      const { panel, format, ...body } = request.body;
      const summary = await summaryOf(request, body);
      const day = new Date(summary.at).toISOString().slice(0, 10).replaceAll('-', '');
      const file = await tableFile(
        { name: `dashboard-${summary.scenario}-${panel}-${day}`, ...panelTable(summary, panel) },
        format,
      );
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );
};

export default dashboardRoutes;
