/**
 * A virtual device's behaviour without the network: what it reports, and how it answers the
 * platform's commands, settings and open-door requests. device.ts wires it to MQTT; tests drive
 * it with a fake publisher.
 */
import type { z } from 'zod';
import { decodePayload, encodePayload } from '../shared/devices/codec';
import { KIND_INFO, kindSupports } from '../shared/devices/kinds';
import { openDoorPushSchema, PUSH_CODE } from '../shared/alarms/push';
import { commandParams, downlinkSchema, type Downlink } from '../shared/devices/protocol';
import { topics } from '../shared/topics';
import { ack, location, telemetry, type UplinkInput } from './messages';
import { DeviceModel } from './models';
import { Breaker, Gateway, type Outcome } from './breaker';
import { AdScreen } from './ads';
import { createRng, seedOf } from '../shared/prng';
import { DoorAccess, type Presented } from './door-access';
import { ANSWER_WINDOW_S } from '../shared/devices/access';
import { shiftFor, type WorkerShift } from './workers';
import { Wanderer } from './supervision';
import type { SimDevice } from './roster';

/** Fire-and-forget publish; device.ts hands it to mqtt.js, tests record it. */
type Publish = (topic: string, payload: Uint8Array, qos: 0 | 1) => void;

const APP_VERSION = 'sim-1.0.0';

/** Chance per report that someone presents a card or QR code at a door unit that holds a list. */
const PASSER_CHANCE = 0.2;
const SYSTEM_VERSION = 'simOS 4.2';

type Command = Extract<Downlink, { kind: 'command' }>;

/** An invitation into a conference room (`videoCall`): the device acknowledges once its media flows or failed. */
export type VideoCallInvite = z.infer<typeof commandParams.videoCall> & { id: number };

/** What a message asks of the device beyond its answer: reconnect, or join a room with media. */
type Obeyed = 'restart' | { videoCall: VideoCallInvite } | undefined;

/** What a broadcast plays: the audio's address, the text the device speaks, or its default audio. */
const broadcastOf = (p: { mp3?: string; text?: string }): string => p.mp3 || (p.text ? `tts:${p.text}` : 'default');

interface BrainOptions {
  intervalS: number;
  seed?: number;
  /** Prefix of message ids; distinct per run so a restarted simulator never repeats an id. */
  idPrefix?: string;
  now?: () => number;
  /** The service's time zone: the demo site's worn devices keep their wearers' working day (workers.ts). */
  shiftTimeZone?: string;
}

export class DeviceBrain {
  readonly model: DeviceModel;
  reportIntervalS: number;
  /** Seconds between positions; the report interval until settings say otherwise. */
  locationIntervalS: number;
  switchMode?: string;
  valve?: string;
  lastBroadcast?: string;
  volume?: number;
  sent = 0;
  answered = 0;
  /** When this door unit last rang the consoles (ms), so an opening soon after answers that call. */
  private rangAt: number | undefined;
  /** Open-door requests obeyed (door units). */
  unlocked = 0;
  /** A breaker's switch and lock (breaker.ts). */
  readonly breaker?: Breaker;
  readonly gateway?: Gateway;
  /** A door unit's ads on screen (ads.ts). */
  readonly ads = new AdScreen();
  /** A door unit's credential list and card issuing (door-access.ts). */
  readonly access = new DoorAccess();
  /** A door unit's passers-by: the demo fleet presents a card or QR code now and then. */
  private readonly passers = createRng(seedOf(`passers-${Date.now()}`)).next;
  private seq = 0;
  private sinceLocationS = 0;
  private readonly idPrefix: string;
  private readonly now: () => number;
  /** The wearer's working day (the demo site's helmets and UWB tags). */
  readonly shift?: WorkerShift;
  /** The supervision demo's bracelet that leaves its fence now and then (supervision.ts). */
  private readonly wander?: Wanderer;

  constructor(
    readonly device: SimDevice,
    private readonly publish: Publish,
    opts: BrainOptions,
  ) {
    this.model = new DeviceModel(device.kind, device.scenario, device, createRng(opts.seed ?? seedOf(device.imei)));
    this.reportIntervalS = opts.intervalS;
    this.locationIntervalS = opts.intervalS;
    this.now = opts.now ?? Date.now;
    this.idPrefix = opts.idPrefix ?? this.now().toString(36);
    if (device.kind === 'breaker') this.breaker = new Breaker();
    if (device.kind === 'gateway4g') this.gateway = new Gateway(device.subDevices ?? 0);
    this.shift = shiftFor(device, opts.shiftTimeZone);
    this.wander = Wanderer.for(device);
  }

  /** Publishes one uplink on sfwatch/{imei}/up, stamped with a message id and the time. */
  send(body: UplinkInput): UplinkInput {
    const message = { ...body, id: `${this.idPrefix}-${++this.seq}`, ts: this.now() } as UplinkInput;
    if (body.kind === 'call') this.rangAt = message.ts;
    this.publish(topics.deviceUp(this.device.imei), encodePayload(message, this.device.messageType), 1);
    this.sent++;
    return message;
  }

  /** The status a device announces on connecting (its last will says the opposite). */
  onlineStatus(): UplinkInput {
    const hasBattery = KIND_INFO[this.device.kind].metrics.includes('battery');
    return {
      kind: 'status',
      online: true,
      ...(hasBattery ? { battery: this.model.battery } : { mainsPower: 1 as const }),
      signal: this.model.signal,
      appVersion: APP_VERSION,
      systemVersion: SYSTEM_VERSION,
    };
  }

  /** The answer to a command whose outcome came later (a video call's media). */
  acknowledge(id: number, ok: boolean, msg: string): void {
    this.send(ack(id, ok, msg));
  }

  announce(): void {
    this.send(this.onlineStatus());
    // A door unit asks for its credential list (it may have missed pushes while away).
    if (this.device.kind === 'doorUnit') this.send({ kind: 'accessSync', version: this.access.version });
    // And names the ads it holds, so it gets the ones it missed (ads.ts).
    if (this.device.kind === 'doorUnit') this.send({ kind: 'adSync', adIds: this.ads.adIds });
  }

  /** A card or QR code presented at a door unit: opens or refuses (or, armed, reports the card), and says so. */
  present(method: 'card' | 'qr', value: string): Presented {
    return this.send(this.access.present(method, value, this.now()) as UplinkInput) as Presented;
  }

  /** Now and then someone at a door unit with a list: a card or QR code of it, sometimes an unknown card. */
  private passerBy(): void {
    if (
      this.device.kind !== 'doorUnit' ||
      this.access.size === 0 ||
      this.access.armed ||
      this.passers() >= PASSER_CHANCE
    )
      return;
    const roll = this.passers();
    const value =
      roll < 0.15
        ? `UNKNOWN-${Math.floor(this.passers() * 1e6)}`
        : (this.access.sample('card', this.passers()) ?? this.access.sample('qr', this.passers()));
    if (!value) return;
    this.present(value.startsWith('AQR-') ? 'qr' : 'card', value);
  }

  /** One report interval elapsed: readings, and the position when its interval is due. */
  report(dtS: number): void {
    const { values: measured, fix } = this.model.tick(dtS);
    // A worker's helmet is put on or taken off; off duty it reports no fixes.
    const shift = this.shift?.step(this.now());
    for (const m of shift?.messages ?? []) this.send(m);
    const values = this.withState(measured, dtS);
    // A door unit has nothing to measure: it only says it is alive.
    if (this.device.kind === 'doorUnit') this.send({ kind: 'status', online: true, signal: this.model.signal });
    else this.send(telemetry(values));
    this.passerBy();
    if (this.device.kind === 'doorUnit')
      for (const play of this.ads.tick(this.now())) this.send({ kind: 'adPlay', ...play });
    this.sinceLocationS += dtS;
    if (fix && this.sinceLocationS >= this.locationIntervalS && (shift?.reports ?? true)) {
      this.sinceLocationS = 0;
      this.send(location(this.wander ? this.wander.shift(fix, this.now()) : fix));
    }
  }

  /** Handles a message on sfwatch/{imei}/server; answers `restart` when the device must reconnect. */
  handle(payload: Uint8Array): Obeyed {
    let value: unknown;
    try {
      value = decodePayload(payload).value;
    } catch {
      return undefined;
    }
    const door = openDoorPushSchema.safeParse(value);
    if (door.success) {
      // Like a real unit: only a door opens, and only for a request addressed to it.
      if (this.device.kind !== 'doorUnit' || door.data.imei !== this.device.imei) return undefined;
      this.unlocked++;
      const confirm = { code: PUSH_CODE.unlocked, type: 3, imei: this.device.imei, userId: door.data.userId };
      // Consoles read the client topic, and they speak JSON; QoS 0 as the request came
      // (docs/requirements/realtime-broker.md#topics).
      this.publish(topics.deviceClient(this.device.imei), encodePayload(confirm, 'json'), 0);
      // The opening is an access event too (docs/device-protocol.md#door-access).
      const answersRing = this.rangAt !== undefined && this.now() - this.rangAt <= ANSWER_WINDOW_S * 1000;
      this.send(this.access.remote(door.data.userId, answersRing ? 'call' : 'remote'));
      this.answered++;
      return undefined;
    }
    const down = downlinkSchema.safeParse(value);
    if (!down.success) return undefined;
    this.answered++;
    if (down.data.kind === 'settings') {
      this.locationIntervalS = down.data.settings.positionInterval * 60;
      this.send(ack(down.data.id, true, 'settings applied'));
      return undefined;
    }
    return this.obey(down.data);
  }

  /** A breaker's switch state and a gateway's relay figures over the model's readings. */
  private withState(values: ReturnType<DeviceModel['values']>, dtS: number) {
    if (this.breaker) return this.breaker.report(values);
    if (this.gateway) return this.gateway.report(values, dtS, this.reportIntervalS);
    return values;
  }

  /** Breaker commands (breaker.ts): the ack, then at once the new state when it moved. */
  private obeyBreaker(c: Command, mode: string | undefined): boolean {
    const breaker = this.breaker;
    if (!breaker || (c.cmd !== 'switch' && c.cmd !== 'lock' && c.cmd !== 'unlock')) return false;
    const out: Outcome = c.cmd === 'switch' ? breaker.switch(mode as never) : breaker.lock(c.cmd === 'lock');
    if (c.cmd === 'switch') this.switchMode = mode;
    this.send(ack(c.id, out.ok, out.msg));
    if (out.changed) this.send(telemetry(breaker.report(this.model.values())));
    return true;
  }

  private obey(c: Command): Obeyed {
    if (!kindSupports(this.device.kind, c.cmd)) {
      this.send(ack(c.id, false, 'unsupported'));
      return undefined;
    }
    const params = commandParams[c.cmd].safeParse(c.params);
    if (!params.success) {
      this.send(ack(c.id, false, 'bad parameters'));
      return undefined;
    }
    const p = params.data as {
      seconds?: number;
      mode?: string;
      action?: string;
      mp3?: string;
      text?: string;
      level?: number;
    };
    if (this.obeyBreaker(c, p.mode)) return undefined;
    switch (c.cmd) {
      case 'videoCall':
        return { videoCall: { ...(params.data as z.infer<typeof commandParams.videoCall>), id: c.id } };
      case 'locate':
        this.send(location(this.model.position()));
        this.send(ack(c.id, true, 'located'));
        return undefined;
      case 'report': {
        // A fresh status and readings now (and a fix, for a device that moves), then the ack.
        this.send(this.onlineStatus());
        const values = this.model.values();
        if (Object.keys(values).length > 0) this.send(telemetry(values));
        if (this.model.moves) this.send(location(this.model.position()));
        this.send(ack(c.id, true, 'reported'));
        return undefined;
      }
      case 'restart':
        this.send(ack(c.id, true, 'restarting'));
        return 'restart';
      case 'setInterval':
        this.reportIntervalS = p.seconds!;
        this.send(ack(c.id, true, `interval ${p.seconds}s`));
        return undefined;
      case 'switch':
        this.switchMode = p.mode;
        this.send(ack(c.id, true, `switch ${p.mode}`));
        return undefined;
      case 'valve':
        this.valve = p.action;
        this.send(ack(c.id, true, `valve ${p.action}`));
        return undefined;
      case 'broadcast':
        this.lastBroadcast = broadcastOf(p);
        this.send(ack(c.id, true, p.text ? 'speaking' : 'playing'));
        return undefined;
      case 'volume':
        this.volume = p.level;
        this.send(ack(c.id, true, `volume ${p.level}`));
        return undefined;
      case 'accessRights': {
        const applied = this.access.apply(params.data as z.infer<typeof commandParams.accessRights>);
        this.send(ack(c.id, applied.ok, applied.msg));
        return undefined;
      }
      case 'armCard':
        this.access.arm((params.data as z.infer<typeof commandParams.armCard>).seconds, this.now());
        this.send(ack(c.id, true, 'armed: present a card'));
        return undefined;
      case 'adPush':
      case 'adWithdraw':
        this.send(ack(c.id, true, this.ads.obey(c.cmd, params.data, this.now())));
        return undefined;
    }
  }
}
