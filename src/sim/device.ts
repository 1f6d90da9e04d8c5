/**
 * A virtual device on a real MQTT connection: logs in as IMEI + secret, leaves a last will,
 * announces itself, reports every interval and answers what the platform sends (brain.ts).
 */
import { randomBytes } from 'node:crypto';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { encodePayload } from '../shared/devices/codec';
import { topics } from '../shared/topics';
import { DeviceBrain, type VideoCallInvite } from './brain';
import type { SimDevice } from './roster';
import { startCallMedia, type CallMedia } from './media';
import { httpFaceVerifier, type Presented } from './door-access';
import type { UplinkInput } from './messages';
import { randomClip, uploadVoice, VOICE_CHANCE, VOICE_KINDS } from './voice';

interface VirtualDeviceOptions {
  /** mqtt://host:port of the service's broker. */
  url: string;
  intervalS: number;
  /** Seconds before reconnecting after a restart command. */
  restartDelayS?: number;
  /** http://host:port of the service: voice-capable devices upload a clip now and then (voice.ts). */
  httpBase?: string;
  onError?: (device: SimDevice, err: Error) => void;
  /** Routine lines (a video call's progress); default: the console. */
  onInfo?: (line: string) => void;
  /** The service's time zone: the demo site's workers keep their working day (workers.ts). */
  shiftTimeZone?: string;
}

/** How long an invited device stays in a conference room at most. */
const INVITED_HOLD_S = 600;

/** A broker refusal or an unreachable broker, worded for one console line. */
export class ConnectError extends Error {
  override name = 'ConnectError';
}

/**
 * `oneShot` is a `send` next to a possibly running simulator: a client id of its own, so it does
 * not take over (and drop) the running device's session.
 */
/** How long `send` waits for the broker to take its message. */
const SEND_ACK_TIMEOUT_MS = 20_000;

function clientOptions(device: SimDevice, secret: string, oneShot: boolean): IClientOptions {
  return {
    clientId: oneShot ? `dev_${device.imei}_send_${randomBytes(3).toString('hex')}` : `dev_${device.imei}`,
    username: device.imei,
    password: secret,
    keepalive: 60,
    clean: true,
    reconnectPeriod: oneShot ? 0 : 5000,
    connectTimeout: 10_000,
    will: {
      topic: topics.deviceUp(device.imei),
      payload: Buffer.from(encodePayload({ kind: 'status', online: false }, device.messageType)),
      qos: 1,
      retain: false,
    },
  };
}

/** Connects once; rejects with a ConnectError on refusal, timeout or an unreachable broker. */
function connectOnce(url: string, opts: IClientOptions): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, opts);
    // Only our own listeners come off afterwards: mqtt.js reconnects through its own 'close' handler.
    const onError = (err: Error) => fail(err.message);
    // mqtt.js reports some refused or unreachable sockets as a bare close, not an error.
    const onClose = () => fail('no broker answered (is the service running, and are MQTT_PORT / MQTT_URL right?)');
    const fail = (why: string) => {
      client.off('error', onError).off('close', onClose);
      client.end(true);
      reject(new ConnectError(`MQTT ${url}: ${why}`));
    };
    client.once('connect', () => {
      client.off('error', onError).off('close', onClose);
      resolve(client);
    });
    client.once('error', onError);
    client.once('close', onClose);
  });
}

export class VirtualDevice {
  readonly brain: DeviceBrain;
  private client?: MqttClient;
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private call?: CallMedia;

  constructor(
    readonly device: SimDevice,
    private readonly secret: string,
    private readonly opts: VirtualDeviceOptions,
  ) {
    this.brain = new DeviceBrain(device, (topic, payload, qos) => this.publish(topic, payload, qos), {
      intervalS: opts.intervalS,
      shiftTimeZone: opts.shiftTimeZone,
    });
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  /** Resolves on the first accepted connection; later drops reconnect by themselves. A stopped device stays stopped. */
  async start(): Promise<void> {
    if (this.stopped) return;
    const client = await connectOnce(this.opts.url, clientOptions(this.device, this.secret, false));
    if (this.stopped) {
      client.end(true);
      return;
    }
    this.attach(client);
    await this.online();
    this.schedule(Math.random() * this.brain.reportIntervalS);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.call?.stop();
    const client = this.client;
    this.client = undefined;
    if (client) await client.endAsync(false).catch(() => client.end(true));
  }

  /** One message then disconnect (npm run sim -- send); resolves once the broker has it (QoS 1). */
  async sendOnce(body: UplinkInput): Promise<void> {
    const client = await connectOnce(this.opts.url, clientOptions(this.device, this.secret, true));
    this.client = client;
    try {
      this.brain.send(body);
      // endAsync waits for the broker's acknowledgement of the QoS 1 publication.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new ConnectError(
                `MQTT ${this.opts.url}: the broker did not acknowledge the message within ${SEND_ACK_TIMEOUT_MS / 1000} s`,
              ),
            ),
          SEND_ACK_TIMEOUT_MS,
        );
      });
      try {
        await Promise.race([client.endAsync(false), late]);
      } finally {
        clearTimeout(timer);
      }
    } finally {
      this.client = undefined;
      client.end(true);
    }
  }

  /**
   * `npm run sim -- present`: on a connection of its own (as `send`), the door unit asks for its
   * credential list (`accessSync`), takes the list the service answers with (waiting `waitMs` at
   * most: without one it holds nothing and refuses), then a card, QR code or face picture is
   * presented; the access event (or the armed unit's card) goes out before it disconnects.
   */
  async presentOnce(method: 'card' | 'qr' | 'face', value: string | Uint8Array, waitMs = 8000): Promise<Presented> {
    const client = await connectOnce(this.opts.url, clientOptions(this.device, this.secret, true));
    this.client = client;
    try {
      const server = topics.deviceServer(this.device.imei);
      await client.subscribeAsync(server, { qos: 1 });
      const listed = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        client.on('message', (topic, payload) => {
          if (topic !== server) return;
          this.brain.handle(payload);
          if (this.brain.access.version > 0) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      this.brain.send({ kind: 'accessSync', version: 0 });
      await listed;
      if (this.opts.httpBase)
        this.brain.access.verifyFace = httpFaceVerifier(this.opts.httpBase, this.device.imei, this.secret);
      const out =
        method === 'face'
          ? (this.brain.send((await this.brain.access.presentFace(value, Date.now())) as UplinkInput) as Presented)
          : this.brain.present(method, String(value));
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new ConnectError(
                `MQTT ${this.opts.url}: the broker did not acknowledge the message within ${SEND_ACK_TIMEOUT_MS / 1000} s`,
              ),
            ),
          SEND_ACK_TIMEOUT_MS,
        );
      });
      try {
        await Promise.race([client.endAsync(false), late]);
      } finally {
        clearTimeout(timer);
      }
      return out;
    } finally {
      this.client = undefined;
      client.end(true);
    }
  }

  /**
   * A door unit's call (docs/device-protocol.md, "A door call's media"): the media goes into the
   * channel first, so the operator who answers the ring finds the picture there; then the `call`
   * uplink rings the consoles (`oneShot`: on a connection of its own, as `send` does). Resolves
   * with the call once it rang; the call ends by itself (hang-up, `holdS`).
   */
  async placeCall(
    roomNo: string,
    holdS: number,
    log: (line: string) => void,
    opts: { oneShot?: boolean } = {},
  ): Promise<CallMedia> {
    if (!this.opts.httpBase) throw new Error("a call needs the service's HTTP address");
    if (this.call) throw new Error('already in a call');
    const call = startCallMedia({
      httpBase: this.opts.httpBase,
      imei: this.device.imei,
      secret: this.secret,
      roomNo,
      holdS,
      log,
    });
    this.call = call;
    void call.ended.then(() => {
      if (this.call === call) this.call = undefined;
    });
    await call.published;
    if (this.stopped) return call;
    const ring = { kind: 'call', roomNo } as const;
    try {
      if (opts.oneShot) await this.sendOnce(ring);
      else this.brain.send(ring);
      log(`door unit ${this.device.imei} room ${roomNo}: rang the consoles`);
    } catch (err) {
      await call.stop();
      throw err;
    }
    return call;
  }

  /**
   * A `videoCall` invitation (order/manyVideoCallToJuphoon): the test pattern and tone go into the
   * conference room's channel with the token the service sent; the device receives the inviter and
   * leaves when they do. Acknowledged once the media flows, or refused (busy, no media).
   */
  private async joinRoom(invite: VideoCallInvite): Promise<void> {
    const log = (line: string) => (this.opts.onInfo ?? console.log)(line);
    if (this.call || !this.opts.httpBase) {
      this.brain.acknowledge(invite.id, false, this.call ? 'busy' : 'no media');
      return;
    }
    const { channel, uid, token } = invite;
    const call = startCallMedia({
      httpBase: this.opts.httpBase,
      imei: this.device.imei,
      secret: this.secret,
      roomNo: invite.roomId,
      holdS: INVITED_HOLD_S,
      log,
      auth: { channel, uid, token },
      operatorUid: invite.by,
      // Without an inviter it is watched (the monitoring wall): it stays while received.
      whileWatched: !invite.by,
      label: invite.by
        ? `${this.device.kind} ${this.device.imei} conference room ${invite.roomId}`
        : `${this.device.kind} ${this.device.imei} on the monitoring wall`,
    });
    this.call = call;
    void call.ended.then(() => {
      if (this.call === call) this.call = undefined;
    });
    const ok = await call.published;
    this.brain.acknowledge(invite.id, ok, ok ? `joined room ${invite.roomId}` : 'media failed');
  }

  private attach(client: MqttClient): void {
    this.client = client;
    const server = topics.deviceServer(this.device.imei);
    client.on('message', (topic, payload) => {
      if (topic !== server) return;
      const asked = this.brain.handle(payload);
      if (asked === 'restart') void this.restart();
      else if (asked) void this.joinRoom(asked.videoCall);
    });
    client.on('connect', () => void this.online());
    client.on('error', (err) => {
      if (!this.stopped) this.opts.onError?.(this.device, err);
    });
  }

  /** Subscribed before announcing, so a command sent on seeing it online is not missed. */
  private async online(): Promise<void> {
    const client = this.client;
    if (!client) return;
    try {
      const [grant] = await client.subscribeAsync(topics.deviceServer(this.device.imei), { qos: 1 });
      if (grant && grant.qos === 128)
        this.opts.onError?.(this.device, new Error('the broker refused the command topic'));
      this.brain.announce();
    } catch (err) {
      this.opts.onError?.(this.device, err as Error);
    }
  }

  private schedule(delayS = this.brain.reportIntervalS): void {
    clearTimeout(this.timer);
    const started = Date.now();
    this.timer = setTimeout(() => {
      if (this.stopped) return;
      if (this.connected) this.brain.report(Math.max(1, (Date.now() - started) / 1000));
      if (this.connected) this.maybeSendVoice();
      this.schedule();
    }, delayS * 1000);
  }

  /** Now and then a device with a microphone uploads a voice message. */
  private maybeSendVoice(): void {
    const base = this.opts.httpBase;
    if (!base || !VOICE_KINDS.includes(this.device.kind) || Math.random() >= VOICE_CHANCE) return;
    uploadVoice(base, this.device.imei, this.secret, randomClip()).catch((err: unknown) =>
      this.opts.onError?.(this.device, err as Error),
    );
  }

  /** The restart command: drop the connection, come back a moment later. */
  private async restart(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    clearTimeout(this.timer);
    if (client) await client.endAsync(false).catch(() => client.end(true));
    await new Promise((r) => setTimeout(r, (this.opts.restartDelayS ?? 2) * 1000));
    if (this.stopped) return;
    try {
      await this.start();
    } catch (err) {
      this.opts.onError?.(this.device, err as Error);
    }
  }

  private publish(topic: string, payload: Uint8Array, qos: 0 | 1): void {
    const client = this.client;
    if (!client) return;
    client.publish(topic, Buffer.from(payload), { qos }, (err) => {
      if (err && !this.stopped) this.opts.onError?.(this.device, err);
    });
  }
}
