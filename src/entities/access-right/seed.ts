import { and, asc, eq, inArray } from 'drizzle-orm';
import { ALARM_TYPE_BY_KEY } from '../../shared/alarms/types';
import { alarmRecords, devices } from '../../server/db/schema';
import type { Tx } from '../../server/db/driver';
import type { AccessMethod, AccessReason } from '../../shared/devices/access';
import { createRng } from '../../shared/prng';
import { accessCards } from '../access-card';
import { accessEvents } from '../access-event';
import { faceSamples } from '../face-sample';
import { BINDING, RESIDENT_ROLE, residents } from '../resident';
import { rooms } from '../room';
import { unitDoorUnits } from '../unit';
import { newQrToken } from './qr';
import { SUBJECT } from './resource';
import { accessRightDevices, accessRights } from './table';
import { defineSeed } from '../../server/db/entity-seeds';
import { demoCommunityId } from '../community';

const PEOPLE: readonly [string, string, number, number][] = [
  // name, phone, role, binding state
  ['陈建国', '13912340001', RESIDENT_ROLE.owner, BINDING.pass],
  ['陈小雨', '13912340002', RESIDENT_ROLE.family, BINDING.assign],
  ['刘芳', '13912340003', RESIDENT_ROLE.owner, BINDING.assign],
  ['赵磊', '13912340004', RESIDENT_ROLE.tenant, BINDING.pass],
  ['孙丽', '13912340005', RESIDENT_ROLE.owner, BINDING.pass],
  ['周杰', '13912340006', RESIDENT_ROLE.tenant, BINDING.applyJoin],
  ['吴敏', '13912340007', RESIDENT_ROLE.family, BINDING.applyJoin],
  ['郑浩', '13912340008', RESIDENT_ROLE.owner, BINDING.applyExit],
  ['王强', '13912340009', RESIDENT_ROLE.tenant, BINDING.reject],
  ['黄婷', '13912340010', RESIDENT_ROLE.owner, BINDING.inReview],
];

/**
 * The demo community's residents (bound, applying to join or exit, rejected), their rights on the
 * door units of their unit, IC cards (one revoked), a staff right, a visitor's QR code, and a week
 * of access events, so /bindingReview, /rightsManagement, /cardAdd and index3 show data at start.
 * The door units get their lists when they connect (accessSync).
 */
async function seedAccess(tx: Tx, tenantId: number, communityId: number, now = Date.now()): Promise<void> {
  const roomRows = await tx
    .select({ id: rooms.id, unitId: rooms.unitId })
    .from(rooms)
    .where(eq(rooms.communityId, communityId))
    .orderBy(asc(rooms.id));
  if (!roomRows.length) return;
  const doors = await tx
    .select({ deviceId: unitDoorUnits.deviceId, unitId: unitDoorUnits.unitId })
    .from(unitDoorUnits)
    .where(eq(unitDoorUnits.communityId, communityId));
  const doorsOf = (unitId: number) => doors.filter((d) => d.unitId === unitId).map((d) => d.deviceId);
  // Residents in the rooms of the units with door units first, two to a room.
  const served = roomRows.filter((r) => doorsOf(r.unitId).length);
  const pool = [...served, ...roomRows.filter((r) => !doorsOf(r.unitId).length)];
  const people = await tx
    .insert(residents)
    .values(
      PEOPLE.map(([name, phone, role, state], i) => ({
        tenantId,
        communityId,
        roomId: pool[Math.floor(i / 2) % pool.length]!.id,
        name,
        phone,
        role,
        reviewState: state,
        reviewReason: state === BINDING.reject ? '房产证明不符' : null,
      })),
    )
    .returning({
      id: residents.id,
      roomId: residents.roomId,
      reviewState: residents.reviewState,
      name: residents.name,
      phone: residents.phone,
    });
  const unitOfRoom = new Map(roomRows.map((r) => [r.id, r.unitId]));

  const cardRights: { rightId: number; residentId: number; cardNo: string; deviceId: number; revoked: boolean }[] = [];
  let n = 0;
  for (const p of people) {
    const unitDoors = doorsOf(unitOfRoom.get(p.roomId)!);
    if (![BINDING.pass, BINDING.assign, BINDING.applyExit].includes(p.reviewState as 1) || !unitDoors.length) continue;
    const [right] = await tx
      .insert(accessRights)
      .values({ tenantId, subject: SUBJECT.resident, residentId: p.id, name: p.name, phone: p.phone, communityId })
      .returning({ id: accessRights.id });
    await tx
      .insert(accessRightDevices)
      .values(unitDoors.map((deviceId) => ({ tenantId, rightId: right!.id, deviceId })));
    cardRights.push({
      rightId: right!.id,
      residentId: p.id,
      cardNo: `D${String(1001 + n).padStart(8, '0')}`,
      deviceId: unitDoors[0]!,
      revoked: n === 3,
    });
    n++;
  }
  if (cardRights.length) {
    await tx.insert(accessCards).values(
      cardRights.map((c) => ({
        tenantId,
        cardNo: c.cardNo,
        residentId: c.residentId,
        rightId: c.rightId,
        deviceId: c.deviceId,
        revoked: c.revoked,
        revokedAt: c.revoked ? new Date(now - 86_400_000) : null,
      })),
    );
    const revokedRights = cardRights.filter((c) => c.revoked).map((c) => c.rightId);
    if (revokedRights.length)
      await tx
        .update(accessRights)
        .set({ revoked: true, revokedAt: new Date(now - 86_400_000) })
        .where(inArray(accessRights.id, revokedRights));
  }

  // Staff open every door unit of the community; a visitor has a QR code for a day, another's expired.
  const allDoors = [...new Set(doors.map((d) => d.deviceId))];
  const others = [
    { subject: SUBJECT.staff, name: '张管家', phone: '13800000011', timeWindow: null, validUntil: null, qrToken: null },
    {
      subject: SUBJECT.staff,
      name: '李保安',
      phone: '13800000012',
      timeWindow: '20:00-08:00',
      validUntil: null,
      qrToken: null,
    },
    {
      subject: SUBJECT.visitor,
      name: '快递员小马',
      phone: '13700001111',
      timeWindow: null,
      validUntil: new Date(now + 86_400_000),
      qrToken: newQrToken(),
    },
    {
      subject: SUBJECT.visitor,
      name: '装修师傅',
      phone: '13700002222',
      timeWindow: '08:00-18:00',
      validUntil: new Date(now - 3_600_000),
      qrToken: newQrToken(),
    },
  ];
  for (const o of others) {
    const [right] = await tx
      .insert(accessRights)
      .values({ tenantId, communityId, ...o })
      .returning({ id: accessRights.id });
    if (allDoors.length)
      await tx
        .insert(accessRightDevices)
        .values(allDoors.map((deviceId) => ({ tenantId, rightId: right!.id, deviceId })));
  }

  // A week of openings and refusals at the door units.
  if (!allDoors.length) return;
  const imeis = new Map(
    (await tx.select({ id: devices.id, imei: devices.imei }).from(devices).where(inArray(devices.id, allDoors))).map(
      (d) => [d.id, d.imei],
    ),
  );
  const rng = createRng(communityId * 7919);
  const unitOfDoor = new Map(doors.map((d) => [d.deviceId, d.unitId]));
  const live = cardRights.filter((c) => !c.revoked);
  const events = Array.from({ length: 40 }, (_, i) => {
    const deviceId = allDoors[i % allDoors.length]!;
    const roll = rng.next();
    const card = live.length ? live[Math.floor(rng.next() * live.length)]! : undefined;
    const revoked = cardRights.find((c) => c.revoked);
    const [method, credential, granted, reason, residentId]: [
      AccessMethod,
      string,
      boolean,
      AccessReason,
      number | null,
    ] =
      roll < 0.55 && card
        ? ['card', card.cardNo, true, 'ok', card.residentId]
        : roll < 0.65
          ? ['card', `UNKNOWN-${Math.floor(rng.next() * 1e6)}`, false, 'unknown', null]
          : roll < 0.7 && revoked
            ? ['card', revoked.cardNo, false, 'revoked', revoked.residentId]
            : roll < 0.8
              ? ['qr', 'AQR-visitor', true, 'ok', null]
              : roll < 0.9
                ? ['remote', '2', true, 'ok', null]
                : ['call', '2', true, 'ok', null];
    return {
      tenantId,
      deviceId,
      imei: imeis.get(deviceId) ?? '',
      communityId,
      unitId: unitOfDoor.get(deviceId) ?? null,
      residentId,
      method,
      credential,
      granted,
      reason,
      at: new Date(now - Math.floor(rng.next() * 7 * 86_400_000)),
    };
  });
  // Every other door call of the demo alarms was answered: the console opened that door (5082) half a minute later.
  const calls = await tx
    .select({ deviceId: alarmRecords.deviceId, ts: alarmRecords.ts })
    .from(alarmRecords)
    .where(
      and(
        eq(alarmRecords.tenantId, tenantId),
        eq(alarmRecords.type, ALARM_TYPE_BY_KEY.doorCall),
        inArray(alarmRecords.deviceId, allDoors),
      ),
    )
    .orderBy(asc(alarmRecords.ts));
  for (const [i, c] of calls.entries()) {
    if (i % 2 || c.deviceId === null) continue;
    events.push({
      tenantId,
      deviceId: c.deviceId,
      imei: imeis.get(c.deviceId) ?? '',
      communityId,
      unitId: unitOfDoor.get(c.deviceId) ?? null,
      residentId: null,
      method: 'call',
      credential: '2',
      granted: true,
      reason: 'ok',
      at: new Date(c.ts.getTime() + 30_000),
    });
  }
  await tx.insert(accessEvents).values(events);
}

/**
 * The demo face library's first sample (public/faces/demo-collins-1.jpg) on the first resident's
 * right, so `npm run sim -- present --imei 860100000000025 --face public/faces/demo-collins-1.jpg`
 * opens that unit's door. Runs after the faces are seeded.
 */
async function seedAccessFaces(tx: Tx, tenantId: number): Promise<void> {
  const [sample] = await tx
    .select({ id: faceSamples.id })
    .from(faceSamples)
    .where(eq(faceSamples.tenantId, tenantId))
    .orderBy(asc(faceSamples.id))
    .limit(1);
  const [right] = await tx
    .select({ id: accessRights.id })
    .from(accessRights)
    .where(
      and(
        eq(accessRights.tenantId, tenantId),
        eq(accessRights.subject, SUBJECT.resident),
        eq(accessRights.revoked, false),
      ),
    )
    .orderBy(asc(accessRights.id))
    .limit(1);
  if (sample && right)
    await tx
      .update(accessRights)
      .set({ faceSampleIds: String(sample.id) })
      .where(eq(accessRights.id, right.id));
}

export default defineSeed({
  after: ['community'],
  // The residents' rights in the demo community, then the demo face on the first (the core's face seed ran before).
  demo: async (tx, { tenantId }) => {
    await seedAccess(tx, tenantId, await demoCommunityId(tx, tenantId));
    await seedAccessFaces(tx, tenantId);
  },
});
