import type { ConfEvent, ConfMediaInfo, ConfMember, ConfMessage, ConfRoom } from '../../shared/conference';
import { CONF_CAPACITY, CONF_MAX_RESOLUTION, CONF_SERVER, ROLE, STATE_BITS } from '../../shared/conference';
import type { PublisherInfo } from '../media/sfu';

/** How many undelivered messages an instance keeps: a console that stopped polling must not grow without bound. */
const QUEUE_MAX = 500;

/** One console's conference login (docs/conference-protocol.md): its queue, and the room it is in. */
export interface Instance {
  id: string;
  confNum: string;
  userId: number;
  tenantId: number;
  /** The SFU uid: the user id as a string. */
  uid: string;
  userName: string;
  displayName: string;
  queue: string[];
  lastPoll: number;
  room?: Room;
  /** enableAudio / enableVideo bits, as the console declared at join. */
  enabled: number;
  /** The SFU subscription id per publisher uid, so a resubscription ends the previous one. */
  subscriptions: Map<string, string>;
  media: ConfMediaInfo;
  /** Set by stopconf: the next poll delivers what is queued and ends the instance. */
  closing: boolean;
  /** Commands of one instance run one after another, in the order posted. */
  work: Promise<void>;
  /**
   * Set for a device invited into the room (order/manyVideoCallToJuphoon): a member without a
   * queue, which publishes through /api/media with its own token. `timer` drops it if it never
   * publishes.
   */
  device?: { imei: string; timer?: ReturnType<typeof setTimeout> };
}

export interface Room {
  key: string;
  tenantId: number;
  roomId: string;
  /** The SFU's room: tenant-prefixed, so one tenant's room 1111 is not another's. */
  sfuRoom: string;
  password: string;
  owner: string;
  members: Map<string, Instance>;
  /** Per member, what its current publication sends and whether the others were told of it. */
  media: Map<string, { transmit: number; publication: number; announced: boolean }>;
  recording?: { id: string; by: string; fileKey: string };
}

export const roomKey = (tenantId: number, roomId: string): string => `${tenantId}:${roomId}`;
const sfuRoomName = (tenantId: number, roomId: string): string => `t${tenantId}_room_${roomId}`;

export function newRoom(tenantId: number, roomId: string, password: string, owner: string): Room {
  return {
    key: roomKey(tenantId, roomId),
    tenantId,
    roomId,
    sfuRoom: sfuRoomName(tenantId, roomId),
    password,
    owner,
    members: new Map(),
    media: new Map(),
  };
}

export function transmitBits(pub: PublisherInfo | undefined): number {
  if (!pub) return 0;
  return (
    (pub.kinds.includes('audio') ? STATE_BITS.transmitAudio : 0) |
    (pub.kinds.includes('video') ? STATE_BITS.transmitVideo : 0)
  );
}

export function memberOf(room: Room, inst: Instance): ConfMember {
  return {
    uid: inst.uid,
    userName: inst.userName,
    displayName: inst.displayName,
    state: inst.enabled | (room.media.get(inst.uid)?.transmit ?? 0),
    role: room.owner === inst.uid ? ROLE.owner : ROLE.member,
  };
}

export function roomInfo(room: Room): ConfRoom {
  return {
    roomId: room.roomId,
    displayName: room.roomId,
    password: room.password,
    capacity: CONF_CAPACITY,
    maxResolution: CONF_MAX_RESOLUTION,
    channelId: `room_${room.roomId}`,
    record: Boolean(room.recording),
  };
}

export function enqueue(inst: Instance, message: ConfMessage): void {
  // A device member reads nothing from the conference: it is in the room through the SFU only.
  if (inst.device) return;
  inst.queue.push(JSON.stringify(message));
  if (inst.queue.length > QUEUE_MAX) inst.queue.splice(0, inst.queue.length - QUEUE_MAX);
}

export function sendEvent(inst: Instance, event: ConfEvent): void {
  enqueue(inst, { from: CONF_SERVER, to: inst.id, type: 'msg', txt: JSON.stringify(event) });
}

/** To every member of the room but `except`. */
export function broadcast(room: Room, event: ConfEvent, except?: Instance): void {
  for (const m of room.members.values()) if (m !== except) sendEvent(m, event);
}

export function roomState(room: Room): ConfEvent {
  return { event: 'onconfstate', roomId: room.roomId, count: room.members.size, record: Boolean(room.recording) };
}
