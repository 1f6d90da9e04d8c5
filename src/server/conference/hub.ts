import { randomUUID } from 'node:crypto';
import {
  CONF_CAPACITY,
  CONF_INSTANCE_TTL_MS,
  CONF_SERVER,
  STATE_BITS,
  confCommand,
  confMessage,
  type ConfCommand,
  type ConfMessage,
} from '../../shared/conference';
import type { Sfu } from '../media/sfu';
import { record, stopRecording, type RecordDeps } from './record';
import {
  broadcast,
  enqueue,
  memberOf,
  newRoom,
  roomInfo,
  roomKey,
  roomState,
  sendEvent,
  transmitBits,
  type Instance,
  type Room,
} from './room';

/** How long an invited device has to publish before it is taken off the member list. */
const DEVICE_JOIN_MS = 60_000;

interface HubDeps extends RecordDeps {
  sfu: Sfu;
}

interface Login {
  userId: number;
  tenantId: number;
  userName: string;
  displayName: string;
}

/**
 * The conference protocol over the in-service SFU (docs/conference-protocol.md): instances (one per
 * console login) with their message queues, and rooms per tenant. Media goes through the SFU as
 * for door calls; this only carries the SDP and tells the members who is there and who sends.
 */
export class ConferenceHub {
  private readonly instances = new Map<string, Instance>();
  private readonly rooms = new Map<string, Room>();
  private readonly bySfuRoom = new Map<string, Room>();
  private readonly stopListening: () => void;
  private readonly stopVolumes: () => void;
  private readonly sweeper: ReturnType<typeof setInterval>;

  constructor(private readonly deps: HubDeps) {
    this.stopListening = deps.sfu.onRoomChange((name) => this.mediaChanged(name));
    this.stopVolumes = deps.sfu.onVolume((sfuRoom, uid, volume) => {
      const room = this.bySfuRoom.get(sfuRoom);
      if (room?.members.has(uid)) broadcast(room, { event: 'onvolumechanged', uid, volume });
    });
    this.sweeper = setInterval(() => this.sweep(), 5_000);
    this.sweeper.unref();
  }

  login(who: Login, confNum: string): Instance {
    this.sweep();
    const inst: Instance = {
      id: randomUUID(),
      confNum,
      userId: who.userId,
      tenantId: who.tenantId,
      uid: String(who.userId),
      userName: who.userName,
      displayName: who.displayName,
      queue: [],
      lastPoll: this.deps.clock.now(),
      enabled: 0,
      subscriptions: new Map(),
      media: { uri: '', type: 0, ps: 0, fps: 0 },
      closing: false,
      work: Promise.resolve(),
    };
    this.instances.set(inst.id, inst);
    return inst;
  }

  /** The instance, or why not: 'instanceId' / 'confNum'. */
  find(confNum: string, instanceId: string): Instance | 'instanceId' | 'confNum' {
    this.sweep();
    const inst = this.instances.get(instanceId);
    if (!inst) return 'instanceId';
    return inst.confNum === confNum ? inst : 'confNum';
  }

  /** What is queued for the instance since its last poll. */
  poll(inst: Instance): string[] {
    inst.lastPoll = this.deps.clock.now();
    const out = inst.queue.splice(0);
    if (inst.closing) this.instances.delete(inst.id);
    return out;
  }

  /** Runs the posted messages in order, after the instance's earlier ones; bad ones become `onerror` events. */
  post(inst: Instance, data: (string | ConfMessage)[]): Promise<void> {
    const run = async () => {
      for (const raw of data) {
        let kind = 'message';
        try {
          const msg = typeof raw === 'string' ? confMessage.parse(JSON.parse(raw)) : raw;
          kind = msg.type;
          await this.handle(inst, msg);
        } catch (err) {
          this.deps.log.debug({ err }, 'conference message refused');
          sendEvent(inst, {
            event: 'onerror',
            cmd: kind,
            msg: err instanceof Error ? err.message.slice(0, 200) : 'bad message',
          });
        }
      }
    };
    inst.work = inst.work.then(run, run);
    return inst.work;
  }

  /** Ends instances nobody polled for CONF_INSTANCE_TTL_MS, leaving their rooms. */
  sweep(): void {
    const now = this.deps.clock.now();
    for (const inst of [...this.instances.values()]) {
      if (now - inst.lastPoll <= CONF_INSTANCE_TTL_MS) continue;
      this.leave(inst, 'expired');
      this.instances.delete(inst.id);
    }
  }

  close(): void {
    clearInterval(this.sweeper);
    this.stopListening();
    this.stopVolumes();
    for (const inst of this.instances.values()) this.leave(inst, 'stopped');
    this.instances.clear();
  }

  private async handle(inst: Instance, msg: ConfMessage): Promise<void> {
    if (msg.type === 'cmd') return this.command(inst, confCommand.parse(JSON.parse(msg.txt ?? '')));
    if (msg.type === 'sdp' && msg.sdp) return this.sdp(inst, msg);
    // No trickle ICE (docs/decisions.md, "Media"): every description carries its candidates, so `ice` and `msg` are ignored.
  }

  private async command(inst: Instance, cmd: ConfCommand): Promise<void> {
    switch (cmd.cmd) {
      case 'getrealm':
        return sendEvent(inst, {
          event: 'ongetrealmok',
          realm: `tenant_${inst.tenantId}`,
          uid: inst.uid,
          displayName: inst.displayName,
        });
      case 'joinroom':
        return this.join(inst, cmd);
      case 'leaveroom':
        return this.leave(inst, 'left');
      case 'stopconf':
        this.leave(inst, 'stopped');
        inst.closing = true;
        return;
      case 'subscribe':
        return this.subscribe(inst, cmd.uid);
      case 'getmediainfo':
        return sendEvent(inst, { event: 'onmediainfo', info: inst.media });
      case 'setmediainfo':
        inst.media = {
          uri: cmd.uri ?? inst.media.uri,
          type: cmd.type ?? inst.media.type,
          ps: cmd.ps ?? inst.media.ps,
          fps: cmd.fps ?? inst.media.fps,
        };
        return sendEvent(inst, { event: 'onmediainfo', info: inst.media });
      case 'sendtext':
        return record(this.deps, inst, cmd.text);
    }
  }

  private join(inst: Instance, cmd: Extract<ConfCommand, { cmd: 'joinroom' }>): void {
    if (inst.room) this.leave(inst, 'left');
    const key = roomKey(inst.tenantId, cmd.roomId);
    let room = this.rooms.get(key);
    if (room && room.password && room.password !== (cmd.password ?? ''))
      return sendEvent(inst, { event: 'onconfjoinfail', roomId: cmd.roomId, reason: 'password' });
    const earlier = room?.members.get(inst.uid);
    // The same user joining again (another tab, a reload) takes the place of its earlier instance: one uid, one publication.
    if (earlier) this.leave(earlier, 'replaced');
    if (room && room.members.size >= CONF_CAPACITY)
      return sendEvent(inst, { event: 'onconfjoinfail', roomId: cmd.roomId, reason: 'full' });
    if (!room || room.members.size === 0) {
      room = newRoom(inst.tenantId, cmd.roomId, cmd.password ?? '', inst.uid);
      this.rooms.set(key, room);
      this.bySfuRoom.set(room.sfuRoom, room);
    }
    inst.room = room;
    inst.enabled =
      (cmd.audio === false ? 0 : STATE_BITS.enableAudio) | (cmd.video === false ? 0 : STATE_BITS.enableVideo);
    if (cmd.displayName) inst.displayName = cmd.displayName;
    room.members.set(inst.uid, inst);
    const members = [...room.members.values()].map((m) => memberOf(room, m));
    sendEvent(inst, { event: 'onconfjoinok', room: roomInfo(room), members, self: memberOf(room, inst) });
    broadcast(room, { event: 'onactorstate', member: memberOf(room, inst) }, inst);
    broadcast(room, roomState(room));
    // Whoever already sends: the newcomer receives them as it would a new publication.
    for (const [uid, media] of room.media) {
      if (media.announced && uid !== inst.uid) {
        const pub = this.deps.sfu.room(room.sfuRoom).find((p) => p.uid === uid);
        if (pub) sendEvent(inst, { event: 'onmedianotiy', uid, publication: pub.publication, kinds: pub.kinds });
      }
    }
  }

  /** The room `roomId` of the tenant when the user is in it (devices are invited only into one's own room). */
  roomOf(tenantId: number, userId: number, roomId: string): Room | undefined {
    const room = this.rooms.get(roomKey(tenantId, roomId));
    const me = room?.members.get(String(userId));
    return me && !me.device ? room : undefined;
  }

  /**
   * A device invited into `room` (order/manyVideoCallToJuphoon) is a member at once, its state 0
   * until its media arrives through /api/media; it is dropped when it stops publishing, when it has
   * not published within DEVICE_JOIN_MS, and when the last console leaves.
   */
  addDevice(room: Room, d: { imei: string; uid: string; name: string; video: boolean }): 'ok' | 'full' {
    if (room.members.get(d.uid)?.device) return 'ok';
    if (room.members.size >= CONF_CAPACITY) return 'full';
    const inst: Instance = {
      id: `device_${d.imei}`,
      confNum: '',
      userId: 0,
      tenantId: room.tenantId,
      uid: d.uid,
      userName: d.imei,
      displayName: d.name,
      queue: [],
      lastPoll: this.deps.clock.now(),
      room,
      enabled: STATE_BITS.enableAudio | (d.video ? STATE_BITS.enableVideo : 0),
      subscriptions: new Map(),
      media: { uri: '', type: 0, ps: 0, fps: 0 },
      closing: false,
      work: Promise.resolve(),
      device: { imei: d.imei },
    };
    inst.device!.timer = setTimeout(() => {
      if (!room.media.has(d.uid)) this.dropDevice(room, d.uid);
    }, DEVICE_JOIN_MS);
    inst.device!.timer.unref?.();
    room.members.set(d.uid, inst);
    broadcast(room, { event: 'onactorstate', member: memberOf(room, inst) }, inst);
    broadcast(room, roomState(room));
    return 'ok';
  }

  /** Takes an invited device out of the room (its media too); false if it was not there. */
  dropDevice(room: Room, uid: string): boolean {
    const inst = room.members.get(uid);
    if (!inst?.device) return false;
    clearTimeout(inst.device.timer);
    inst.room = undefined;
    room.members.delete(uid);
    room.media.delete(uid);
    this.deps.sfu.leaveRoom(room.sfuRoom, uid);
    broadcast(room, { event: 'onactorleave', uid });
    if (room.members.size > 0) broadcast(room, roomState(room));
    return true;
  }

  private leave(inst: Instance, reason: 'left' | 'stopped' | 'replaced' | 'expired'): void {
    const room = inst.room;
    if (!room) return;
    inst.room = undefined;
    inst.subscriptions.clear();
    sendEvent(inst, { event: 'onconfdidleave', roomId: room.roomId, reason });
    // An instance the same user's newer one replaced is no longer the member: the room keeps the uid.
    if (room.members.get(inst.uid) !== inst) return;
    room.members.delete(inst.uid);
    room.media.delete(inst.uid);
    this.deps.sfu.leaveRoom(room.sfuRoom, inst.uid);
    broadcast(room, { event: 'onactorleave', uid: inst.uid });
    // Devices stay while a console is there to see them; the last console's leaving ends their call.
    if (![...room.members.values()].some((m) => !m.device))
      for (const uid of [...room.members.keys()]) this.dropDevice(room, uid);
    if (room.members.size === 0) {
      this.rooms.delete(room.key);
      this.bySfuRoom.delete(room.sfuRoom);
      // Nobody is left to stop it: the recording ends with the room.
      const recording = room.recording;
      room.recording = undefined;
      if (recording)
        void stopRecording(this.deps, room, recording).catch((err: unknown) =>
          this.deps.log.warn({ err }, 'conference recording did not stop'),
        );
    } else {
      if (room.owner === inst.uid) room.owner = [...room.members.values()].find((m) => !m.device)!.uid;
      broadcast(room, roomState(room));
    }
  }

  private async subscribe(inst: Instance, publisherUid: string): Promise<void> {
    const room = inst.room;
    if (!room || !room.members.has(publisherUid) || publisherUid === inst.uid) {
      return sendEvent(inst, { event: 'onerror', cmd: 'subscribe', msg: room ? 'no such member' : 'not in a room' });
    }
    const previous = inst.subscriptions.get(publisherUid);
    if (previous) this.deps.sfu.leave(room.sfuRoom, inst.uid, previous);
    const offer = await this.deps.sfu.subscribe(room.sfuRoom, inst.uid, publisherUid);
    if (inst.room !== room) return this.deps.sfu.leave(room.sfuRoom, inst.uid, offer.id);
    inst.subscriptions.set(publisherUid, offer.id);
    enqueue(inst, {
      from: publisherUid,
      to: inst.id,
      type: 'sdp',
      sdp: { type: 'offer', sdp: offer.sdp, id: offer.id },
    });
  }

  /** The console's publish offer (to the server), or its answer to a subscription offer (to the publisher). */
  private async sdp(inst: Instance, msg: ConfMessage): Promise<void> {
    const room = inst.room;
    const sdp = msg.sdp!;
    if (!room) return sendEvent(inst, { event: 'onerror', cmd: 'sdp', msg: 'not in a room' });
    if (sdp.type === 'offer') {
      const answer = await this.deps.sfu.publish(room.sfuRoom, inst.uid, sdp.sdp);
      if (inst.room !== room) return this.deps.sfu.leave(room.sfuRoom, inst.uid, answer.id);
      enqueue(inst, {
        from: CONF_SERVER,
        to: inst.id,
        type: 'sdp',
        sdp: { type: 'answer', sdp: answer.sdp, id: answer.id },
      });
      return;
    }
    if (!sdp.id) return sendEvent(inst, { event: 'onerror', cmd: 'sdp', msg: 'an answer names its subscription id' });
    await this.deps.sfu.accept(room.sfuRoom, inst.uid, sdp.id, sdp.sdp);
  }

  /** The SFU says a room's publications changed: members' transmit bits, and new publications for the others to receive. */
  private mediaChanged(sfuRoom: string): void {
    const room = this.bySfuRoom.get(sfuRoom);
    if (!room) return;
    const publishers = this.deps.sfu.room(sfuRoom);
    const gone: string[] = [];
    for (const inst of room.members.values()) {
      const pub = publishers.find((p) => p.uid === inst.uid);
      const before = room.media.get(inst.uid);
      // A device that stopped publishing has left the call (it has no queue to say so).
      if (inst.device && before && !pub) {
        gone.push(inst.uid);
        continue;
      }
      const transmit = transmitBits(pub);
      const fresh = Boolean(
        pub && pub.kinds.length > 0 && (!before?.announced || before.publication !== pub.publication),
      );
      if (pub)
        room.media.set(inst.uid, {
          transmit,
          publication: pub.publication,
          announced: fresh || (before?.publication === pub.publication && before.announced),
        });
      else room.media.delete(inst.uid);
      if (fresh)
        broadcast(
          room,
          { event: 'onmedianotiy', uid: inst.uid, publication: pub!.publication, kinds: pub!.kinds },
          inst,
        );
      if ((before?.transmit ?? 0) !== transmit) {
        sendEvent(inst, { event: 'onselfstate', member: memberOf(room, inst) });
        broadcast(room, { event: 'onactorstate', member: memberOf(room, inst) }, inst);
      }
    }
    for (const uid of gone) this.dropDevice(room, uid);
  }
}
