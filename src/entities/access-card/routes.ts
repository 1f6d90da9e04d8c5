import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import type { Uplink } from '../../shared/devices/protocol';
import { IMEI_RE } from '../../shared/devices/protocol';
import type { PermissionMark } from '../../shared/permissions';
import { deviceCommands } from '../../server/db/schema';
import { tenantWhere } from '../../server/db/scope';
import { sendCommand } from '../../server/devices/commands';
import type { KnownDevice } from '../../server/devices/hub';
import type { ResourceChange } from '../../server/events';
import { fail } from '../../server/lib/api-error';
import { authed } from '../../server/auth/request';
import { deviceInScope, operatorOf } from '../../server/devices/scope';
import { SUBJECT, doorUnitsOfRights, doorUnitsOfRoom, pushSoon, accessRights, setRightDevices } from '../access-right';
import { BOUND_STATES, residents } from '../resident';
import accessCard from './resource';
import { accessCardArms, accessCards } from './table';

const tags = ['user'];
const id = z.number().int().positive();

const armBody = z.object({
  imei: z.string().regex(IMEI_RE),
  residentId: id,
  seconds: z.number().int().min(10).max(600).default(120),
});

/**
 * A card a door unit reported (`card`, 5084): bound to the resident the unit was armed for, with
 * a right on the door units of the resident's unit and the unit that read it. Null when the unit
 * was not armed (or the arming expired), or the card is already someone's.
 */
export async function bindReportedCard(
  app: FastifyInstance,
  device: Pick<KnownDevice, 'id' | 'tenantId'>,
  cardNo: string,
): Promise<number | null> {
  const now = new Date(app.clock.now());
  const [arm] = await app.db
    .select()
    .from(accessCardArms)
    .where(
      and(eq(accessCardArms.deviceId, device.id), isNull(accessCardArms.cardId), gt(accessCardArms.expiresAt, now)),
    )
    .orderBy(desc(accessCardArms.id))
    .limit(1);
  if (!arm) return null;
  const [resident] = await app.db.select().from(residents).where(eq(residents.id, arm.residentId));
  if (!resident || !BOUND_STATES.includes(resident.reviewState)) return null;
  const [taken] = await app.db
    .select({ id: accessCards.id, revoked: accessCards.revoked })
    .from(accessCards)
    .where(and(eq(accessCards.tenantId, device.tenantId), eq(accessCards.cardNo, cardNo)));
  if (taken && !taken.revoked) return null;
  const doors = [...new Set([...(await doorUnitsOfRoom(app.db, resident.roomId)), device.id])];
  const cardId = await app.db.transaction(async (tx) => {
    const [right] = await tx
      .insert(accessRights)
      .values({
        tenantId: device.tenantId,
        subject: SUBJECT.resident,
        residentId: resident.id,
        name: resident.name,
        phone: resident.phone,
        communityId: resident.communityId,
      })
      .returning({ id: accessRights.id });
    await setRightDevices(tx, right!.id, device.tenantId, doors);
    const values = {
      tenantId: device.tenantId,
      cardNo,
      residentId: resident.id,
      rightId: right!.id,
      deviceId: device.id,
      revoked: false,
      revokedAt: null,
      createdAt: now,
    };
    const [card] = taken
      ? await tx.update(accessCards).set(values).where(eq(accessCards.id, taken.id)).returning({ id: accessCards.id })
      : await tx.insert(accessCards).values(values).returning({ id: accessCards.id });
    await tx.update(accessCardArms).set({ cardId: card!.id }).where(eq(accessCardArms.id, arm.id));
    return card!.id;
  });
  pushSoon(app, device.tenantId, doors);
  return cardId;
}

/** Revokes cards (and the rights they opened with); their door units get their lists again. */
async function revokeCards(app: FastifyInstance, tenantId: number, cardIds: number[]): Promise<void> {
  const rightIds: number[] = [];
  for (const cardId of cardIds) {
    const [card] = await app.db
      .update(accessCards)
      .set({ revoked: true, revokedAt: new Date(app.clock.now()) })
      .where(and(eq(accessCards.id, cardId), eq(accessCards.tenantId, tenantId)))
      .returning({ rightId: accessCards.rightId });
    if (card?.rightId) rightIds.push(card.rightId);
  }
  for (const rightId of rightIds)
    await app.db
      .update(accessRights)
      .set({ revoked: true, revokedAt: new Date(app.clock.now()) })
      .where(eq(accessRights.id, rightId));
  pushSoon(app, tenantId, await doorUnitsOfRights(app.db, rightIds));
}

const plugin: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/arm',
    {
      config: { mark: 'accessCard:issue' as PermissionMark, write: true },
      schema: {
        tags,
        summary: 'Arm a door unit to issue a card to a bound resident: the next card it reads (5084) becomes theirs',
        body: armBody,
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const device = await deviceInScope(app, request, request.body.imei);
      if (device.kind !== 'doorUnit') fail(Code.BAD_REQUEST, 'notDoorUnit');
      const [resident] = await app.db
        .select()
        .from(residents)
        .where(
          and(
            eq(residents.id, request.body.residentId),
            tenantWhere(scope, residents),
            eq(residents.tenantId, device.tenantId),
          ),
        );
      if (!resident) fail(Code.BAD_REQUEST, 'refInvalid');
      if (!BOUND_STATES.includes(resident!.reviewState)) fail(Code.BAD_REQUEST, 'residentNotBound');
      const seconds = request.body.seconds;
      const sent = await sendCommand(
        app,
        device,
        { imei: device.imei, cmd: 'armCard', params: { seconds, label: resident!.name.slice(0, 100) } } as never,
        operatorOf(request),
      );
      const [arm] = await app.db
        .insert(accessCardArms)
        .values({
          tenantId: device.tenantId,
          deviceId: device.id,
          residentId: resident!.id,
          commandId: sent.id,
          expiresAt: new Date(app.clock.now() + seconds * 1000),
        })
        .returning({ id: accessCardArms.id });
      return reply.ok({ armId: arm!.id, commandId: sent.id, status: sent.status }, 'commandSent');
    },
  );

  app.post(
    '/armStatus',
    {
      config: { menus: [...accessCard.routes] },
      schema: {
        tags,
        summary: "An arming's state: waiting for a card, issued (the card), or expired; and the unit's ack",
        body: z.object({ armId: id }),
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const [row] = await app.db
        .select({
          arm: accessCardArms,
          cardNo: accessCards.cardNo,
          ackOk: deviceCommands.ackOk,
          ackMsg: deviceCommands.ackMsg,
          status: deviceCommands.status,
        })
        .from(accessCardArms)
        .leftJoin(accessCards, eq(accessCards.id, accessCardArms.cardId))
        .leftJoin(deviceCommands, eq(deviceCommands.id, accessCardArms.commandId))
        .where(and(eq(accessCardArms.id, request.body.armId), tenantWhere(scope, accessCardArms)));
      if (!row) fail(Code.NOT_FOUND, 'notFound');
      const state = row!.arm.cardId
        ? 'issued'
        : row!.arm.expiresAt.getTime() <= app.clock.now()
          ? 'expired'
          : 'waiting';
      return reply.ok({
        state,
        cardId: row!.arm.cardId,
        cardNo: row!.cardNo,
        expiresAt: row!.arm.expiresAt.toISOString(),
        delivery: row!.status,
        ackOk: row!.ackOk,
        ackMsg: row!.ackMsg,
      });
    },
  );

  app.post(
    '/revoke',
    {
      config: { mark: 'accessCard:delete' as PermissionMark },
      schema: {
        tags,
        summary: 'Revoke cards: the door units get their lists again without them',
        body: z.object({ ids: z.array(id).min(1).max(200) }),
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const mine = await app.db
        .select({ id: accessCards.id, tenantId: accessCards.tenantId })
        .from(accessCards)
        .where(and(tenantWhere(scope, accessCards)));
      const wanted = mine.filter((c) => request.body.ids.includes(c.id));
      if (wanted.length !== new Set(request.body.ids).size) fail(Code.NOT_FOUND, 'notFound');
      await revokeCards(
        app,
        wanted[0]!.tenantId,
        wanted.map((c) => c.id),
      );
      return reply.ok(null);
    },
  );

  const onUplink = (device: KnownDevice, m: Uplink) => {
    if (m.kind !== 'card' || device.kind !== 'doorUnit') return;
    bindReportedCard(app, device, m.cardInfo).catch((err: unknown) =>
      app.log.warn({ err, imei: device.imei }, 'binding a reported card failed'),
    );
  };
  // A deleted card's right goes with it and its door units drop it.
  const onChange = (c: ResourceChange) => {
    if (c.kind !== accessCard.kind || c.name !== accessCard.name || c.action !== 'delete' || c.tenantId === undefined)
      return;
    const rightId = c.before?.rightId;
    if (typeof rightId !== 'number') return;
    void app.db
      .update(accessRights)
      .set({ revoked: true, revokedAt: new Date(app.clock.now()) })
      .where(eq(accessRights.id, rightId))
      .then(async () => pushSoon(app, c.tenantId!, await doorUnitsOfRights(app.db, [rightId])))
      .catch((err: unknown) => app.log.warn({ err }, 'revoking a deleted card failed'));
  };
  // A door unit's reported card (the uplink pipeline's 'access-card' stage).
  const release = app.uplinks.use('access-card', onUplink);
  app.events.on('resource.changed', onChange);
  app.addHook('onClose', async () => {
    release();
    app.events.off('resource.changed', onChange);
  });
};

export default plugin;
