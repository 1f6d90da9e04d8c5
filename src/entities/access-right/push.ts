/**
 * Door units' credential lists (docs/device-protocol.md#door-access): what each unit may open for,
 * computed from the rights, cards and bindings, and pushed as an `accessRights` command carrying
 * the whole list under a version that only grows. The command's delivery state and the unit's ack
 * (src/server/devices/commands.ts) are the list's delivery state, per unit.
 */
import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DELIVERY, DEVICE_STATE } from '../../shared/codes';
import { MAX_CREDENTIALS, REVOKED_KEEP_DAYS, type Credential } from '../../shared/devices/access';
import { deliver, type Operator } from '../../server/devices/commands';
import type { Db } from '../../server/db/driver';
import { deviceCommands, devices } from '../../server/db/schema';
import { accessCards } from '../access-card';
import { faceSamples } from '../face-sample';
import { facePicture, BOUND_STATES, residents } from '../resident';
import { unitDoorUnits } from '../unit';
import { rooms } from '../room';
import { SUBJECT, type Delivery, type PushState } from './resource';
import { accessPushes, accessRightDevices, accessRights } from './table';

const SYSTEM: Operator = { id: 0, name: 'system' };

/** Cards and QR codes of this unit's rights revoked in the last REVOKED_KEEP_DAYS: the unit refuses them as revoked. */
async function revokedOf(db: Db, deviceId: number, now: number): Promise<{ t: 'card' | 'qr'; v: string }[]> {
  const since = new Date(now - REVOKED_KEEP_DAYS * 86_400_000);
  const [cards, codes] = await Promise.all([
    db
      .select({ v: accessCards.cardNo })
      .from(accessCards)
      .innerJoin(accessRightDevices, eq(accessRightDevices.rightId, accessCards.rightId))
      .where(
        and(eq(accessRightDevices.deviceId, deviceId), eq(accessCards.revoked, true), gt(accessCards.revokedAt, since)),
      ),
    db
      .select({ v: accessRights.qrToken })
      .from(accessRights)
      .innerJoin(accessRightDevices, eq(accessRightDevices.rightId, accessRights.id))
      .where(
        and(
          eq(accessRightDevices.deviceId, deviceId),
          eq(accessRights.revoked, true),
          gt(accessRights.revokedAt, since),
        ),
      ),
  ]);
  return [
    ...cards.map((c) => ({ t: 'card' as const, v: c.v })),
    ...codes.flatMap((c) => (c.v ? [{ t: 'qr' as const, v: c.v }] : [])),
  ].slice(0, MAX_CREDENTIALS);
}

/** The credentials a door unit holds now: live rights (not revoked, not expired, a resident's only while bound). */
async function credentialsOf(db: Db, deviceId: number, now: number): Promise<Credential[]> {
  const rights = await db
    .select({
      id: accessRights.id,
      tenantId: accessRights.tenantId,
      subject: accessRights.subject,
      qrToken: accessRights.qrToken,
      faces: accessRights.faceSampleIds,
      from: accessRights.validFrom,
      until: accessRights.validUntil,
      win: accessRights.timeWindow,
      state: residents.reviewState,
      photo: residents.facePhoto,
    })
    .from(accessRightDevices)
    .innerJoin(accessRights, eq(accessRights.id, accessRightDevices.rightId))
    .leftJoin(residents, eq(residents.id, accessRights.residentId))
    .where(
      and(
        eq(accessRightDevices.deviceId, deviceId),
        eq(accessRights.revoked, false),
        or(isNull(accessRights.validUntil), gt(accessRights.validUntil, new Date(now))),
      ),
    )
    .orderBy(accessRights.id);
  const live = rights.filter(
    (r) => r.subject !== SUBJECT.resident || (r.state !== null && BOUND_STATES.includes(r.state)),
  );
  if (!live.length) return [];
  const cards = await db
    .select({ cardNo: accessCards.cardNo, rightId: accessCards.rightId })
    .from(accessCards)
    .where(
      and(
        inArray(
          accessCards.rightId,
          live.map((r) => r.id),
        ),
        eq(accessCards.revoked, false),
      ),
    );
  // A resident's face that passed review is a sample of the face library with the same picture.
  const pictures = [...new Set(live.flatMap((r) => facePicture(r.photo) ?? []))];
  const samples = pictures.length
    ? await db
        .select({ id: faceSamples.id, picture: faceSamples.picture })
        .from(faceSamples)
        .where(and(eq(faceSamples.tenantId, live[0]!.tenantId), inArray(faceSamples.picture, pictures)))
    : [];
  const out: Credential[] = [];
  for (const r of live) {
    const own = facePicture(r.photo);
    const faceIds = [
      ...(r.faces ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      ...samples.filter((x) => own && x.picture === own).map((x) => String(x.id)),
    ];
    const when = {
      ...(r.from ? { from: r.from.getTime() } : {}),
      ...(r.until ? { until: r.until.getTime() } : {}),
      ...(r.win ? { win: r.win } : {}),
    };
    for (const c of cards) if (c.rightId === r.id) out.push({ t: 'card', v: c.cardNo, r: r.id, ...when });
    if (r.qrToken) out.push({ t: 'qr', v: r.qrToken, r: r.id, ...when });
    for (const face of new Set(faceIds)) out.push({ t: 'face', v: face, r: r.id, ...when });
  }
  return out.slice(0, MAX_CREDENTIALS);
}

interface PushResult {
  deviceId: number;
  imei: string;
  version: number;
  commandId: number;
  status: number;
}

/**
 * Pushes each door unit (of `tenantId`) its whole list under the next version. An offline unit's
 * command waits (pending) and goes when it comes online; `resend` counts a retry.
 */
export async function pushToDevices(
  app: FastifyInstance,
  tenantId: number,
  deviceIds: readonly number[],
  opts: { resend?: boolean; op?: Operator } = {},
): Promise<PushResult[]> {
  const ids = [...new Set(deviceIds)];
  if (!ids.length) return [];
  const targets = await app.db
    .select()
    .from(devices)
    .where(and(inArray(devices.id, ids), eq(devices.tenantId, tenantId), eq(devices.kind, 'doorUnit')));
  const op = opts.op ?? SYSTEM;
  const results: PushResult[] = [];
  for (const d of targets) {
    const credentials = await credentialsOf(app.db, d.id, app.clock.now());
    const [push] = await app.db
      .insert(accessPushes)
      .values({
        tenantId,
        deviceId: d.id,
        version: 1,
        credentials: credentials.length,
        attempts: 1,
        updatedAt: new Date(app.clock.now()),
      })
      .onConflictDoUpdate({
        target: accessPushes.deviceId,
        set: {
          version: sql`${accessPushes.version} + 1`,
          credentials: credentials.length,
          attempts: opts.resend ? sql`${accessPushes.attempts} + 1` : 1,
          updatedAt: new Date(app.clock.now()),
        },
      })
      .returning({ version: accessPushes.version });
    const revoked = await revokedOf(app.db, d.id, app.clock.now());
    const params = { version: push!.version, credentials, ...(revoked.length ? { revoked } : {}) };
    const [cmd] = await app.db
      .insert(deviceCommands)
      .values({
        tenantId,
        deviceId: d.id,
        imei: d.imei,
        cmd: 'accessRights',
        params: JSON.stringify(params),
        status: DELIVERY.notSent,
        operatorId: op.id || null,
        operatorName: op.name,
      })
      .returning({ id: deviceCommands.id });
    await app.db.update(accessPushes).set({ commandId: cmd!.id }).where(eq(accessPushes.deviceId, d.id));
    const status =
      d.state === DEVICE_STATE.online
        ? await deliver(app, d, { kind: 'command', id: cmd!.id, cmd: 'accessRights', params })
        : DELIVERY.notSent;
    results.push({ deviceId: d.id, imei: d.imei, version: params.version, commandId: cmd!.id, status });
  }
  return results;
}

/** Fire and forget: a list push after a change must not fail the change that caused it. */
export function pushSoon(app: FastifyInstance, tenantId: number, deviceIds: readonly number[]): void {
  if (!deviceIds.length) return;
  pushToDevices(app, tenantId, deviceIds).catch((err: unknown) =>
    app.log.warn({ err, deviceIds }, 'access list push failed'),
  );
}

/** On coming online: a list that waited (pending) goes now. */
export async function pushPendingList(
  app: FastifyInstance,
  device: { id: number; imei: string; tenantId: number; kind: string; state: number; messageType: string },
): Promise<void> {
  if (device.kind !== 'doorUnit') return;
  const [row] = await app.db
    .select({ id: deviceCommands.id, params: deviceCommands.params, status: deviceCommands.status })
    .from(accessPushes)
    .innerJoin(deviceCommands, eq(deviceCommands.id, accessPushes.commandId))
    .where(eq(accessPushes.deviceId, device.id));
  if (!row || row.status !== DELIVERY.notSent) return;
  await deliver(app, device, {
    kind: 'command',
    id: row.id,
    cmd: 'accessRights',
    params: JSON.parse(row.params) as Record<string, unknown>,
  });
}

function pushStateOf(attempts: number, c: { status: number; ackOk: boolean | null } | undefined): PushState {
  if (!c || c.status === DELIVERY.notSent) return 'pending';
  if (c.ackOk === true) return 'acknowledged';
  if (c.status === DELIVERY.failed || c.ackOk === false) return 'failed';
  return attempts > 1 ? 'retried' : 'sent';
}

/** Per door unit of the tenant: the newest list pushed and its delivery state. */
export async function deliveries(db: Db, tenantId: number): Promise<Delivery[]> {
  const rows = await db
    .select({
      deviceId: accessPushes.deviceId,
      imei: devices.imei,
      name: devices.name,
      devState: devices.state,
      version: accessPushes.version,
      credentials: accessPushes.credentials,
      attempts: accessPushes.attempts,
      updatedAt: accessPushes.updatedAt,
      status: deviceCommands.status,
      ackOk: deviceCommands.ackOk,
      ackMsg: deviceCommands.ackMsg,
      ackAt: deviceCommands.ackAt,
    })
    .from(accessPushes)
    .innerJoin(devices, eq(devices.id, accessPushes.deviceId))
    .leftJoin(deviceCommands, eq(deviceCommands.id, accessPushes.commandId))
    .where(eq(accessPushes.tenantId, tenantId))
    .orderBy(desc(accessPushes.updatedAt))
    .limit(500);
  return rows.map((r) => ({
    deviceId: r.deviceId,
    imei: r.imei,
    name: r.name,
    online: r.devState === DEVICE_STATE.online,
    version: r.version,
    credentials: r.credentials,
    attempts: r.attempts,
    state: pushStateOf(r.attempts, r.status === null ? undefined : { status: r.status, ackOk: r.ackOk }),
    ackMsg: r.ackMsg,
    ackAt: r.ackAt ? r.ackAt.toISOString() : null,
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** The door units of some rights. */
export async function doorUnitsOfRights(db: Db, rightIds: readonly number[]): Promise<number[]> {
  if (!rightIds.length) return [];
  const rows = await db
    .selectDistinct({ id: accessRightDevices.deviceId })
    .from(accessRightDevices)
    .where(inArray(accessRightDevices.rightId, [...rightIds]));
  return rows.map((r) => r.id);
}

/** The door units a resident's rights open. */
export async function doorUnitsOfResident(db: Db, residentId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: accessRightDevices.deviceId })
    .from(accessRightDevices)
    .innerJoin(accessRights, eq(accessRights.id, accessRightDevices.rightId))
    .where(eq(accessRights.residentId, residentId));
  return rows.map((r) => r.id);
}

/** The door units installed at the unit of a resident's room. */
export async function doorUnitsOfRoom(db: Db, roomId: number): Promise<number[]> {
  const rows = await db
    .select({ id: unitDoorUnits.deviceId })
    .from(rooms)
    .innerJoin(unitDoorUnits, eq(unitDoorUnits.unitId, rooms.unitId))
    .where(eq(rooms.id, roomId));
  return rows.map((r) => r.id);
}
