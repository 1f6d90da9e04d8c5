import { and, eq, isNull, lt, or } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import { codeLabel } from '../../shared/codes';
import type { PermissionMark } from '../../shared/permissions';
import { isEditable } from '../../shared/resources/schema';
import { isPlatformScope, type Scope } from '../../server/db/scope';
import { fail } from '../../server/lib/api-error';
import { authed } from '../../server/auth/request';
import {
  applyPackage,
  bindCard,
  cardOfDevice,
  discoverCards,
  resumeCard,
  settleCard,
  suspendCard,
  syncableCards,
  syncUsage,
  unbindCard,
} from './actions';
import simCard, {
  SIM_CARRIER,
  SIM_CARRIER_TABLE,
  SIM_MARK_BIND,
  SIM_MARK_CHANGE_PACKAGE,
  SIM_MARK_SUSPEND,
  SIM_MARK_SYNC,
  SIM_STATE,
} from './resource';
import { simCards } from './table';
import { SIM_SYNC_JOB } from './sync-job';

const tags = ['iot'];
const id = z.number().int().positive();
const idBody = z.object({ id });
const menus = simCard.routes;
/** Devices' ICCIDs become cards this often; usage of cards not synced for USAGE_STALE_MS is refreshed. */
const DISCOVER_EVERY_MS = 60_000;
const USAGE_EVERY_MS = 10 * 60_000;
const USAGE_STALE_MS = 30 * 60_000;
const USAGE_SWEEP_MAX = 200;

const tenantOf = (scope: Scope) => (isPlatformScope(scope) ? undefined : scope.tenantId);

/** /SIMCard's and /DeviceSim's actions beyond CRUD: carrier actions, usage, binding, package change, the import template. */
const plugin: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/suspend',
    {
      config: { mark: SIM_MARK_SUSPEND },
      schema: {
        tags,
        summary:
          'Suspend a card: test/live active -> shutdown in progress -> stopped once the carrier confirms (noSuchTransition from any other state)',
        body: idBody,
      },
    },
    async (request, reply) => reply.ok(await suspendCard(app, tenantOf(authed(request).scope), request.body.id)),
  );

  app.post(
    '/resume',
    {
      config: { mark: SIM_MARK_SUSPEND },
      schema: {
        tags,
        summary: 'Resume a stopped card: stopped -> resuming -> live active once the carrier confirms',
        body: idBody,
      },
    },
    async (request, reply) => reply.ok(await resumeCard(app, tenantOf(authed(request).scope), request.body.id)),
  );

  app.post(
    '/syncUsage',
    {
      config: { mark: SIM_MARK_SYNC },
      schema: {
        tags,
        summary:
          "This month's usage from the carrier: one card now ({id}), or every card of the company as a background job (no id)",
        body: z.object({ id: id.optional() }),
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      if (request.body.id === undefined)
        return reply.ok({ job: await app.jobs.enqueue(scope, SIM_SYNC_JOB, '同步SIM卡用量', {}) });
      const [card] = await syncableCards(app, tenantOf(scope), [request.body.id]);
      if (!card) fail(Code.NOT_FOUND, 'notFound');
      await settleCard(app, card);
      await syncUsage(app, card);
      const [row] = await app.db.select().from(simCards).where(eq(simCards.id, card.id));
      return reply.ok(row);
    },
  );

  app.post(
    '/discover',
    {
      config: { mark: SIM_MARK_SYNC },
      schema: {
        tags,
        summary: "Cards from devices' reported ICCIDs now (a sweep does it every minute): how many were created",
        body: z.object({}).optional(),
      },
    },
    async (request, reply) => reply.ok({ created: await discoverCards(app, tenantOf(authed(request).scope)) }),
  );

  app.post(
    '/bind',
    {
      config: { mark: SIM_MARK_BIND },
      schema: {
        tags,
        summary:
          "Bind a card to a device of its company (by id or IMEI): one card per device ('deviceHasSim'), one device per card ('simCardBound')",
        body: z.object({ id, deviceId: id.optional(), imei: z.string().trim().min(1).max(20).optional() }),
      },
    },
    async (request, reply) => reply.ok(await bindCard(app, tenantOf(authed(request).scope), request.body)),
  );

  app.post(
    '/unbind',
    {
      config: { mark: SIM_MARK_BIND },
      schema: { tags, summary: "Unbind a card from its device ('noBoundCard' when it has none)", body: idBody },
    },
    async (request, reply) => {
      await unbindCard(app, tenantOf(authed(request).scope), request.body.id);
      return reply.ok(null);
    },
  );

  app.post(
    '/byDevice',
    {
      config: { menus },
      schema: {
        tags,
        summary: "The card bound to a device ('noBoundCard' when none)",
        body: z.object({ deviceId: id }),
      },
    },
    async (request, reply) => reply.ok(await cardOfDevice(app, tenantOf(authed(request).scope), request.body.deviceId)),
  );

  app.post(
    '/changePackage',
    {
      config: { mark: SIM_MARK_CHANGE_PACKAGE },
      schema: {
        tags,
        summary:
          "An administrator puts a package on a card without payment ('alreadyCurrentPackage' for its current one unless renew)",
        body: z.object({ id, packageId: id, renew: z.boolean().optional() }),
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const [card] = await app.db
        .select({ id: simCards.id, tenantId: simCards.tenantId })
        .from(simCards)
        .where(
          and(
            eq(simCards.id, request.body.id),
            isPlatformScope(scope) ? undefined : eq(simCards.tenantId, scope.tenantId),
          ),
        );
      if (!card) fail(Code.NOT_FOUND, 'notFound');
      await applyPackage(app, {
        tenantId: card.tenantId,
        simCardId: card.id,
        packageId: request.body.packageId,
        renew: request.body.renew,
      });
      const [row] = await app.db.select().from(simCards).where(eq(simCards.id, card.id));
      return reply.ok(row);
    },
  );

  app.get(
    '/template',
    {
      config: { mark: 'simCard:import' as PermissionMark },
      schema: { tags, summary: 'The XLSX template of the bulk import: the importable columns and one example row' },
    },
    async (_request, reply) => {
      const fields = simCard.fields.filter((f) => isEditable(f, 'add'));
      const example: Record<string, string | number> = {
        iccid: '89860412345678901234',
        imsi: '460041234567890',
        msisdn: '1440412345678',
        imei: '',
        supplyCode: 'GH-2026-01',
        carrier: codeLabel(SIM_CARRIER_TABLE, SIM_CARRIER.chinaMobile),
        openedAt: '2026-01-05 10:00:00',
        activatedAt: '',
      };
      const wb = new ExcelJS.Workbook();
      const sheet = wb.addWorksheet('SIM');
      sheet.columns = fields.map((f) => ({
        header: f.label.message,
        key: f.name,
        width: Math.max(14, Math.round((f.list ? (f.list.width ?? 100) : 100) / 7)),
      }));
      sheet.addRow(Object.fromEntries(fields.map((f) => [f.name, example[f.name] ?? ''])));
      sheet.getRow(1).font = { bold: true };
      sheet.getColumn('iccid').numFmt = '@';
      const body = Buffer.from(await wb.xlsx.writeBuffer());
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header(
          'content-disposition',
          `attachment; filename="sim-cards-template.xlsx"; filename*=UTF-8''${encodeURIComponent('SIM卡导入模板.xlsx')}`,
        )
        .send(body);
    },
  );

  // Sweeps (every replica may run them; all are idempotent): devices' new ICCIDs become cards,
  // cards left in between settle, and usage not synced for a while is refreshed. Off in tests.
  if (app.config.env !== 'test') {
    let busy = false;
    const sweep = async (usage: boolean) => {
      if (busy) return;
      busy = true;
      try {
        const created = await discoverCards(app);
        if (created) app.log.info({ created }, 'SIM cards found from devices');
        const stuck = await app.db
          .select({ id: simCards.id, iccid: simCards.iccid, state: simCards.state })
          .from(simCards)
          .where(or(eq(simCards.state, SIM_STATE.shuttingDown), eq(simCards.state, SIM_STATE.resuming)))
          .limit(USAGE_SWEEP_MAX);
        for (const card of stuck) await settleCard(app, card).catch(() => undefined);
        if (usage) {
          const stale = new Date(app.clock.now() - USAGE_STALE_MS);
          const due = await app.db
            .select({ id: simCards.id, iccid: simCards.iccid })
            .from(simCards)
            .where(
              and(
                or(eq(simCards.state, SIM_STATE.liveActive), eq(simCards.state, SIM_STATE.testActive)),
                or(isNull(simCards.usageSyncedAt), lt(simCards.usageSyncedAt, stale)),
              ),
            )
            .limit(USAGE_SWEEP_MAX);
          for (const card of due) await syncUsage(app, card).catch(() => undefined);
        }
      } catch (err) {
        app.log.warn({ err }, 'SIM card sweep failed');
      } finally {
        busy = false;
      }
    };
    let discoverTimer: NodeJS.Timeout | undefined;
    let usageTimer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      discoverTimer = setInterval(() => void sweep(false), DISCOVER_EVERY_MS);
      discoverTimer.unref();
      usageTimer = setInterval(() => void sweep(true), USAGE_EVERY_MS);
      usageTimer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(discoverTimer);
      clearInterval(usageTimer);
    });
  }
};

export default plugin;
