import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import { maskRow } from '../../shared/mask';
import { alarmRecords, devices, users } from '../../server/db/schema';
import { auditLog } from '../audit-log';
import { fences } from '../fence';
import { getRow } from '../../server/engine/query';
import { bindingFor } from '../../server/engine/registry';
import type { DomainEvents, ResourceChange } from '../../server/events';
import { fail } from '../../server/lib/api-error';
import { authed, hidesPersonal } from '../../server/auth/request';
import { DeviceCheckIns, recordCheckIn, supervisionClock } from '../../server/supervision';
import monitoredPerson, { CHECK_IN_SOURCE, PERSON_MARK_CHECK_IN } from './resource';
import { monitoredPersonCheckIns } from './table';

const tags = ['user'];
const idBody = z.object({ id: z.number().int().positive() });
const RESOURCE = `${monitoredPerson.kind}/${monitoredPerson.name}`;
const RECENT_ALARMS = 20;
const RECENT_CHECK_INS = 30;

/** One audit row per view of a person's record (action 'view'), written before the answer. */
async function auditView(request: FastifyRequest, tenantId: number, rowId: number): Promise<void> {
  const { scope } = authed(request);
  await request.server.db.insert(auditLog).values({
    tenantId,
    userId: scope.userId,
    action: 'view',
    resource: RESOURCE,
    rowId,
    before: null,
    after: null,
    at: new Date(request.server.clock.now()),
  });
}

/**
 * Audits the generic `get` of this resource: registered with fastify-plugin in the scope that
 * holds the generic routes, so its hook sees `/get` answered with a row.
 */
const auditGet = fp(async (app) => {
  app.addHook('onSend', async (request, _reply, payload) => {
    if (
      !request.routeOptions.url?.endsWith(`/${monitoredPerson.name}/get`) ||
      !request.scope ||
      typeof payload !== 'string'
    )
      return payload;
    const body = JSON.parse(payload) as { code?: number; data?: { id?: number; tenantId?: number } };
    if (body.code === 0 && body.data?.id) await auditView(request, Number(body.data.tenantId), body.data.id);
    return payload;
  });
});

/**
 * Beyond the generic CRUD of monitored persons: the detail of /regulatoryUser (person, device,
 * fence, recent alarms, check-ins; audited, masked like the generic get), a console check-in by
 * the supervisor, device check-ins from the hub's location reports, and after a change the
 * fence index follows the bindings at once.
 */
const plugin: FastifyPluginAsyncZod = async (app) => {
  supervisionClock.timeZone = app.config.timeZone;
  supervisionClock.now = () => app.clock.now();
  const binding = bindingFor(monitoredPerson.kind, monitoredPerson.name)!;

  app.post(
    '/detail',
    {
      schema: {
        tags,
        summary:
          'A monitored person with the device, its last position, the fence, recent alarms and check-ins (every view is audited)',
        body: idBody,
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const row = await getRow({ app, db: app.db, scope }, binding, request.body.id);
      const person = (await hidesPersonal(request, monitoredPerson.routes[0]))
        ? maskRow(monitoredPerson.fields, row)
        : row;
      const tenantId = Number(row.tenantId);
      const deviceId = row.deviceId as number | null;
      const fenceId = row.fenceId as number | null;
      const [device] = deviceId
        ? await app.db
            .select({
              id: devices.id,
              imei: devices.imei,
              name: devices.name,
              kind: devices.kind,
              state: devices.state,
              battery: devices.battery,
              lat: devices.lat,
              lon: devices.lon,
              lastCommunicationAt: devices.lastCommunicationAt,
            })
            .from(devices)
            .where(and(eq(devices.id, deviceId), eq(devices.tenantId, tenantId)))
        : [];
      const [fence] = fenceId
        ? await app.db
            .select({
              id: fences.id,
              name: fences.name,
              type: fences.type,
              shape: fences.shape,
              status: fences.status,
              radius: fences.radius,
              longitude: fences.longitude,
              latitude: fences.latitude,
              points: fences.points,
            })
            .from(fences)
            .where(and(eq(fences.id, fenceId), eq(fences.tenantId, tenantId)))
        : [];
      const [supervisor] = await app.db
        .select({ id: users.id, name: users.name, username: users.username })
        .from(users)
        .where(eq(users.id, Number(row.supervisorId)));
      const alarms = device
        ? await app.db
            .select({
              id: alarmRecords.id,
              type: alarmRecords.type,
              level: alarmRecords.level,
              title: alarmRecords.title,
              ts: alarmRecords.ts,
              handleState: alarmRecords.handleState,
              lat: alarmRecords.lat,
              lon: alarmRecords.lon,
            })
            .from(alarmRecords)
            .where(and(eq(alarmRecords.tenantId, tenantId), eq(alarmRecords.deviceId, device.id)))
            .orderBy(desc(alarmRecords.ts), desc(alarmRecords.id))
            .limit(RECENT_ALARMS)
        : [];
      const checkIns = await app.db
        .select({
          id: monitoredPersonCheckIns.id,
          day: monitoredPersonCheckIns.day,
          at: monitoredPersonCheckIns.at,
          source: monitoredPersonCheckIns.source,
          userId: monitoredPersonCheckIns.userId,
        })
        .from(monitoredPersonCheckIns)
        .where(eq(monitoredPersonCheckIns.personId, request.body.id))
        .orderBy(desc(monitoredPersonCheckIns.at))
        .limit(RECENT_CHECK_INS);
      await auditView(request, tenantId, request.body.id);
      return reply.ok({
        person,
        device: device ?? null,
        fence: fence ?? null,
        supervisor: supervisor ?? null,
        alarms,
        checkIns,
      });
    },
  );

  app.post(
    '/checkIn',
    {
      config: { mark: PERSON_MARK_CHECK_IN },
      schema: {
        tags,
        summary: 'Check a person in for today at the console (once a day; a second answers checkedIn false)',
        body: idBody,
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const row = await getRow({ app, db: app.db, scope }, binding, request.body.id);
      if (!row) fail(Code.NOT_FOUND, 'notFound');
      const checkedIn = await recordCheckIn(
        app.db,
        { id: request.body.id, tenantId: Number(row.tenantId) },
        app.clock.now(),
        app.config.timeZone,
        CHECK_IN_SOURCE.console,
        { userId: scope.userId },
      );
      return reply.ok({ checkedIn });
    },
  );

  // Device check-ins: location reports of worn devices inside the daily window.
  const checkIns = new DeviceCheckIns({
    db: app.db,
    now: () => app.clock.now(),
    timeZone: app.config.timeZone,
    log: app.log,
  });
  await checkIns.reload();
  checkIns.start();
  const release = app.uplinks.use('monitored-person', checkIns.uplink.bind(checkIns));

  // A binding changed: the fence index watches the new pairs now, not at its next refresh.
  const events: DomainEvents = app.events;
  const onChange = (c: ResourceChange) => {
    if (c.kind !== monitoredPerson.kind || c.name !== monitoredPerson.name) return;
    void checkIns.reload().catch((err: unknown) => app.log.warn({ err }, 'check-in devices reload failed'));
    if (c.tenantId)
      void app.fenceIndex
        .reload([c.tenantId])
        .catch((err: unknown) => app.log.warn({ err }, 'fence index reload failed'));
  };
  events.on('resource.changed', onChange);
  app.addHook('onClose', async () => {
    checkIns.close();
    release();
    events.off('resource.changed', onChange);
  });
};

/** The folder's routes (scripts/entities.mjs lists this file): the audit of `get` in the generic routes' scope, then ours. */
export default fp(async (app: FastifyInstance) => {
  await app.register(auditGet);
  await app.register(plugin);
});
