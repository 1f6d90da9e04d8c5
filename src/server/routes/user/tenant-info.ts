import { and, count, eq, sum } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../../shared/api';
import { DEVICE_STATE } from '../../../shared/codes';
import type { TenantInfo } from '../../../shared/tenant-info';
import { alarmRecords, departments, devices, fences, tenants, uploads, users } from '../../db/schema';
import { fail } from '../../lib/api-error';
import { authed, hidesPersonal } from '../../auth/request';
import { maskPhone } from '../../../shared/mask';

/** `POST /api/user/tenantInfo`: the caller's own company, what it holds, and its upload storage. */
const tenantInfoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/tenantInfo',
    {
      schema: {
        tags: ['user'],
        summary: "The caller's company: details, counts and upload storage",
        body: z.object({}).optional(),
      },
    },
    async (request, reply) => {
      const tenantId = authed(request).scope.tenantId;
      const of = (table: { tenantId: PgColumn }) => eq(table.tenantId, tenantId);
      const [[tenant], [u], [d], [dev], [online], [unread], [f], [used]] = await Promise.all([
        app.db.select().from(tenants).where(eq(tenants.id, tenantId)),
        app.db.select({ n: count() }).from(users).where(of(users)),
        app.db.select({ n: count() }).from(departments).where(of(departments)),
        app.db.select({ n: count() }).from(devices).where(of(devices)),
        app.db
          .select({ n: count() })
          .from(devices)
          .where(and(of(devices), eq(devices.state, DEVICE_STATE.online))),
        app.db
          .select({ n: count() })
          .from(alarmRecords)
          .where(and(of(alarmRecords), eq(alarmRecords.read, 0))),
        app.db.select({ n: count() }).from(fences).where(of(fences)),
        app.db
          .select({ bytes: sum(uploads.bytes) })
          .from(uploads)
          .where(of(uploads)),
      ]);
      if (!tenant) return fail(Code.NOT_FOUND, 'notFound');
      // Personal data stays masked for the visitor and users without the screen (docs/permissions.md).
      const hide = await hidesPersonal(request, 'tenantInfo');
      const info: TenantInfo = {
        tenant: {
          id: tenant.id,
          name: tenant.name,
          address: tenant.address,
          phone: tenant.phone && hide ? maskPhone(tenant.phone) : tenant.phone,
          status: tenant.status,
          createdAt: tenant.createdAt.toISOString(),
        },
        counts: {
          users: Number(u?.n ?? 0),
          departments: Number(d?.n ?? 0),
          devices: Number(dev?.n ?? 0),
          onlineDevices: Number(online?.n ?? 0),
          unreadAlarms: Number(unread?.n ?? 0),
          fences: Number(f?.n ?? 0),
        },
        storage: { usedBytes: Number(used?.bytes ?? 0), quotaBytes: app.config.uploadQuotaBytes },
      };
      return reply.ok(info);
    },
  );
};

export default tenantInfoRoutes;
