import type { AlarmPatch } from '../../../shared/alarms/push';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Code } from '../../../shared/api';
import {
  alarmAckBody,
  alarmHandleBody,
  alarmReadBody,
  alarmSinceBody,
  alarmStatsBody,
  alarmTimelineBody,
} from '../../../shared/alarms/api';
import { acknowledgeAlarms, announceAlarms } from '../../alarms/ack';
import {
  stopEscalations,
  countVisible,
  type Changed,
  handle,
  markRead,
  since,
  stats,
  unreadCount,
} from '../../alarms/queries';
import { timelineOf } from '../../alarms/timeline';
import { alarmRecords } from '../../db/schema';
import { isPlatformScope, scopedWhere } from '../../db/scope';
import { alarmPoint, nearestStaff } from '../../escalation/nearest';
import { maskPhone } from '../../../shared/mask';
import { dateOf } from '../../lib/clock';
import { ALARM_ROUTES, loadRecipients } from '../../push/recipients';
import { fail } from '../../lib/api-error';
import { parseDate } from '../../../shared/dates';
import { authed, hidesPersonal } from '../../auth/request';
import { operatorOf } from '../../devices/scope';

/** The alarm screens beyond the log every user may open (ALWAYS_ALLOWED): who works alarms holds one. */
const ALARM_WORK_MENUS = ALARM_ROUTES.filter((r) => r !== 'AlarmHistory');

const tags = ['alarm'];
/** How many of the nearest staff the SOS dialog lists. */
const NEAREST_LISTED = 5;

/**
 * Alarm read/handle and what the consoles ask beyond the generic list/get/export of the `alarm`
 * resource. Every query is scoped to the caller's tenant; ids of another tenant are neither
 * touched nor revealed (they count as missing).
 */
const alarmRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Nothing of `ids` visible: the same answer as unknown ids. A replay of visible ones succeeds. */
  async function requireVisible(scope: Parameters<typeof countVisible>[1], ids: number[]) {
    if ((await countVisible(app.db, scope, ids)) === 0) fail(Code.NOT_FOUND, 'notFound');
  }

  /** The change is stored: a failing listener (the push) is logged, never the caller's error. */
  const updated = (changed: Changed[], patch: AlarmPatch) => announceAlarms(app, changed, patch);

  // Marking read is acknowledging: for those who work the live alarm screens, not every log reader.
  app.post(
    '/alarm/read',
    {
      config: { write: true, menus: ALARM_WORK_MENUS },
      schema: { tags, summary: 'Mark alarms read (idempotent)', body: alarmReadBody },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const { ids } = request.body;
      const changed = await markRead(app.db, scope, ids, dateOf(app.clock));
      if (changed.length === 0) await requireVisible(scope, ids);
      updated(changed, { read: 1 });
      return reply.ok({ updated: changed.length });
    },
  );

  app.post(
    '/alarm/handle',
    {
      config: { mark: 'alarm:handle' },
      schema: { tags, summary: 'Handle alarms: handled or false alarm (idempotent)', body: alarmHandleBody },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const { ids, state, note, requestId } = request.body;
      const op = operatorOf(request);
      const at = dateOf(app.clock);
      const changed = await handle(
        app.db,
        scope,
        ids,
        { state, note, requestId, handlerId: op.id, handlerName: op.name },
        at,
      );
      if (changed.length === 0) await requireVisible(scope, ids);
      else request.log.info({ ids: changed.map((c) => c.id), state, requestId }, 'alarms handled');
      await stopEscalations(app.db, changed);
      // Handled is answered: every console stops ringing for it (the lists refetch the acknowledger's name).
      updated(changed, { read: 1, handleState: state, ackedAt: at.toISOString(), ackedByName: op.name });
      return reply.ok({ updated: changed.length });
    },
  );

  // The first acknowledgement stops the escalation (src/server/escalation/) and the ringing on
  // every console of the company; a second operator is told who took it.
  app.post(
    '/alarm/ack',
    {
      config: { write: true, menus: ALARM_WORK_MENUS },
      schema: { tags, summary: "Acknowledge alarms: I'm on it (idempotent)", body: alarmAckBody },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const { ids } = request.body;
      const { changed, taken } = await acknowledgeAlarms(app, request.log, scope, ids, operatorOf(request));
      if (changed.length === 0) await requireVisible(scope, ids);
      return reply.ok({ updated: changed.length, taken });
    },
  );

  // The SOS dialog's "nearest staff" (docs/alarms.md "Nearest staff first"): who could run to it now.
  app.post(
    '/alarm/nearestStaff',
    {
      schema: {
        tags,
        summary: 'The on-duty staff nearest to an alarm, with distance and the age of their last fix',
        body: alarmTimelineBody,
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const [alarm] = await app.db
        .select({
          tenantId: alarmRecords.tenantId,
          lat: alarmRecords.lat,
          lon: alarmRecords.lon,
          deviceId: alarmRecords.deviceId,
        })
        .from(alarmRecords)
        .where(scopedWhere(scope, alarmRecords, eq(alarmRecords.id, request.body.id)));
      if (!alarm) fail(Code.NOT_FOUND, 'notFound');
      const point = await alarmPoint(app.db, alarm);
      if (!point) return reply.ok({ point: null, staff: [] });
      const staff = await nearestStaff(app.db, alarm.tenantId, point, dateOf(app.clock), { count: NEAREST_LISTED });
      const mask = await hidesPersonal(request, 'AlarmHistory');
      return reply.ok({
        point,
        staff: mask ? staff.map((s) => ({ ...s, phone: s.phone && maskPhone(s.phone) })) : staff,
      });
    },
  );

  app.post(
    '/alarm/timeline',
    {
      schema: {
        tags,
        summary: 'One alarm: raised, every escalation notification, acknowledged, handled, in order',
        body: alarmTimelineBody,
      },
    },
    async (request, reply) => {
      // The numbers and addresses an escalation reached are people's: masked as the alarm log masks phones.
      const mask = await hidesPersonal(request, 'AlarmHistory');
      const timeline = await timelineOf(app.db, authed(request).scope, request.body.id, mask);
      if (!timeline) fail(Code.NOT_FOUND, 'notFound');
      return reply.ok(timeline);
    },
  );

  app.post(
    '/alarm/since',
    {
      schema: {
        tags,
        summary: 'Alarms stored after a time, oldest first (a reconnecting console catches up)',
        body: alarmSinceBody,
      },
    },
    async (request, reply) => {
      const { after, limit } = request.body;
      const { scope } = authed(request);
      // The same people the push reaches (push/recipients.ts): catching up must not show more than live did.
      if (!isPlatformScope(scope) && !(await loadRecipients(app.db, scope.tenantId)).includes(scope.userId))
        return reply.ok([]);
      return reply.ok(await since(app.db, scope, new Date(after), limit));
    },
  );

  app.post(
    '/alarm/stats',
    { schema: { tags, summary: 'Alarm counts over a period (/alarmTongji)', body: alarmStatsBody } },
    async (request, reply) => {
      const body = request.body ?? alarmStatsBody.parse({});
      if (body.from && body.to && parseDate(body.from) > parseDate(body.to))
        fail(Code.BAD_REQUEST, 'invalidInput', 'from must not be after to');
      return reply.ok(await stats(app.db, authed(request).scope, body, app.clock.now()));
    },
  );

  app.post('/alarm/unreadCount', { schema: { tags, summary: 'Unread alarms of the caller' } }, async (request, reply) =>
    reply.ok({ unread: await unreadCount(app.db, authed(request).scope) }),
  );
};

export default alarmRoutes;
