import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server as HttpServer,
  type ServerResponse,
} from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { deviceAdmitted } from '../broker/acl';
import type { Db } from '../db/driver';
import type { DeviceCache } from '../devices/cache';
import type { KnownDevice } from '../devices/hub';
import { jt808AuthCode } from '../devices/secrets';
import type { Ingest } from '../ingest/ingest';
import type { Outcome } from '../ingest/batch';
import type { Clock } from '../lib/clock';
import { safeEqual } from '../lib/crypto';
import { PlacedInOrder, type CellLookup } from './cells';
import { Connection, DEFAULT_LIMITS, type ConnectionHost, type ConnectionLimits } from './connection';
import { downlinkFrames } from './downlink';
import type { FrameLogRow } from '../../shared/devices/api';
import { FrameLog, readFrameLog } from './frame-log';
import { UnknownDevices } from './unknown-devices';
import {
  type Decoded,
  type DeviceMedia,
  type HttpCodec,
  type Irregularity,
  type ProtocolName,
  type StreamCodec,
} from './types';

interface GatewayDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  ingest: Ingest;
  deviceCache: DeviceCache;
  /** The platform's device key (devices/secrets.ts): a JT/T 808 terminal's authentication code derives from it. */
  deviceKey: () => Promise<string>;
  limits?: Partial<ConnectionLimits>;
  /** Stores a device's media (protocols/media.ts); none: media is dropped (tests of the gateway alone). */
  storeMedia?: (imei: string, media: DeviceMedia) => Promise<void>;
  /** Connections one remote address may hold (0: no limit). Carrier NAT puts many devices behind one. */
  maxPerAddress: number;
  /** Places LBS reports by the cell-tower table (cells.ts); none: they are stored without a position. */
  cells?: CellLookup;
}

/** What each listener has seen since the start (POST /api/device/ingest/stats `protocols`, docs/protocols.md "Leniencies"). */
interface ProtocolCounters {
  connections: number;
  frames: number;
  /** Frames that could not be framed or decoded. */
  errors: number;
  /** Logins refused: unknown devices, failed authentication, another device's identifier. */
  refused: number;
  /** Frames' irregularities by kind (docs/protocols.md "Leniencies"), accepted or refused by strict framing. */
  irregular: IrregularityCounts;
}

/** How often each irregularity was seen (only the kinds seen are present). */
type IrregularityCounts = Partial<Record<Irregularity, number>>;

const MAX_HTTP_BODY = 64 * 1024;

/**
 * The device protocols' side of the service (docs/protocols.md): TCP and HTTP listeners, each
 * connection bound to the registered device of its login, frames into the ingest as our own
 * uplinks with the protocol's reply after the commit, commands out to connected devices, the raw
 * frame log, and the unknown devices that tried.
 */
export class ProtocolGateway implements ConnectionHost {
  readonly counters = new Map<ProtocolName, ProtocolCounters>();
  private readonly servers: { name: ProtocolName; server: Server | HttpServer }[] = [];
  private readonly conns = new Set<Connection>();
  private readonly byImei = new Map<string, Connection>();
  private readonly perAddress = new Map<string, number>();
  /** Per device connected here since the start: its raw frame log and the irregularities its frames had. */
  private readonly logs = new Map<string, { protocol: ProtocolName; log: FrameLog; irregular?: IrregularityCounts }>();
  private readonly unknownDevices: UnknownDevices;
  /** Frames waiting for their cells' look-up, per connection (none without the cell-tower table). */
  private readonly placing?: PlacedInOrder;
  private readonly limits: ConnectionLimits;
  private closing = false;

  constructor(private readonly deps: GatewayDeps) {
    this.limits = { ...DEFAULT_LIMITS, ...deps.limits };
    this.unknownDevices = new UnknownDevices(deps);
    if (deps.cells) this.placing = new PlacedInOrder(deps.cells, deps.log);
  }

  private count(protocol: ProtocolName): ProtocolCounters {
    let c = this.counters.get(protocol);
    if (!c) this.counters.set(protocol, (c = { connections: 0, frames: 0, errors: 0, refused: 0, irregular: {} }));
    return c;
  }

  /** A device's log entry, made on its first frame. */
  private entry(imei: string, protocol: ProtocolName) {
    let entry = this.logs.get(imei);
    if (!entry) this.logs.set(imei, (entry = { protocol, log: new FrameLog() }));
    return entry;
  }

  /** Starts a TCP listener for `codec`; resolves with the bound port (0 picks one). Rejects with EADDRINUSE when taken. */
  listenTcp(codec: StreamCodec, port: number, host?: string): Promise<number> {
    this.count(codec.name);
    const server = createServer((socket) => this.accept(codec, socket));
    server.maxConnections = 1_000_000;
    return this.listen(codec.name, server, port, host);
  }

  /** Starts the HTTP listener of an HTTP protocol (OsmAnd). */
  listenHttp(codec: HttpCodec, port: number, host?: string): Promise<number> {
    this.count(codec.name);
    const server = createHttpServer((req, res) => void this.http(codec, req, res));
    server.requestTimeout = this.limits.partialS * 1000;
    server.headersTimeout = this.limits.partialS * 1000;
    return this.listen(codec.name, server, port, host);
  }

  /** The listeners started, and whether each still listens (health). */
  listeners(): { name: string; listening: boolean }[] {
    return this.servers.map(({ name, server }) => ({ name, listening: this.closing || server.listening }));
  }

  private listen(name: ProtocolName, server: Server | HttpServer, port: number, host?: string): Promise<number> {
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        this.servers.push({ name, server });
        const a = server.address();
        resolve(typeof a === 'object' && a ? a.port : port);
      });
    });
  }

  private accept(codec: StreamCodec, socket: Socket): void {
    const address = socket.remoteAddress ?? '?';
    const n = (this.perAddress.get(address) ?? 0) + 1;
    if (this.closing || (this.deps.maxPerAddress > 0 && n > this.deps.maxPerAddress)) {
      this.count(codec.name).refused++;
      socket.destroy();
      return;
    }
    this.perAddress.set(address, n);
    this.count(codec.name).connections++;
    socket.once('close', () => {
      const left = (this.perAddress.get(address) ?? 1) - 1;
      if (left > 0) this.perAddress.set(address, left);
      else this.perAddress.delete(address);
    });
    this.conns.add(new Connection(codec, socket, this, this.limits, () => this.deps.clock.now()));
  }

  /**
   * The registered device a frame names: the first admitted of the forms its identifier may be
   * registered under (Decoded.imeiCandidates: a JT/T 808 terminal number with and without its
   * leading zeros, ...), looked up together; undefined when none is.
   */
  private async registered(sent: string, d: Decoded): Promise<KnownDevice | undefined> {
    const forms = d.imeiCandidates?.length ? d.imeiCandidates : [sent];
    if (forms.length === 1) return this.deps.deviceCache.get(forms[0]!);
    const found = await Promise.all(forms.map((f) => this.deps.deviceCache.get(f)));
    return found.find(deviceAdmitted) ?? found.find((f) => f !== undefined);
  }

  async bind(conn: Connection, sent: string, d: Decoded, frame: Buffer): Promise<'bound' | 'answered' | 'refused'> {
    const protocol = conn.codec.name;
    const device = await this.registered(sent, d);
    const known = deviceAdmitted(device);
    // The session, its log and its data go under the device's own identifier; the unknown
    // devices list keeps the form the device sent (a label's leading zeros kept).
    const imei = known ? device!.imei : sent;
    const refuse = (why: string) => {
      this.count(protocol).refused++;
      this.deps.log.debug({ protocol, imei, remote: conn.remote }, `protocol login refused: ${why}`);
      return 'refused' as const;
    };
    if (!known) this.unknownDevices.record(protocol, imei, conn.remote, frame);
    if (d.login === 'register') {
      // JT/T 808: the terminal is told its authentication code, derived from the device key for this
      // purpose only (nothing stored per device): it opens JT/T 808 and nothing else, never MQTT.
      if (!known) {
        conn.answer(d.answer!({ ok: false }));
        return refuse('unknown terminal');
      }
      conn.answer(
        d.answer!({ ok: true, authCode: jt808AuthCode(await this.deps.deviceKey(), imei, device!.secretVersion) }),
      );
      return 'answered';
    }
    if (d.login === 'authenticate') {
      const expected = known ? jt808AuthCode(await this.deps.deviceKey(), imei, device!.secretVersion) : '';
      const ok = known && d.authCode !== undefined && safeEqual(Buffer.from(expected), Buffer.from(d.authCode));
      conn.answer(d.answer!({ ok }));
      if (!ok) return refuse(known ? 'wrong authentication code' : 'unknown terminal');
    } else if (!known) return refuse('unknown device');
    // A terminal that kept the code of its previous platform sends data without registering or
    // authenticating: taken when its product does not require the authentication.
    else if (protocol === 'jt808' && device!.jt808AuthRequired !== false) return refuse('data before authentication');
    if (conn.session.imei === imei) return 'bound';
    conn.session.imei = imei;
    const before = this.byImei.get(imei);
    this.byImei.set(imei, conn);
    // The old connection of a device that reconnected (its socket not closed yet) stops speaking for it.
    if (before && before !== conn) before.close();
    this.deps.ingest.connection(imei, true);
    return 'bound';
  }

  /** The cell-tower look-up (cleared after an import). */
  get cells(): CellLookup | undefined {
    return this.deps.cells;
  }

  /**
   * A frame's uplinks into the ingest; `settle` (the reply) follows their commit. A location with
   * cells and no position first gets one from the cell-tower table (docs/protocols.md "Cell
   * towers"); the frames after it on the connection wait, so the ingest sees them in order.
   */
  store(conn: Connection, frame: Buffer, d: Decoded, settle: (outcome: Outcome) => void): void {
    const imei = conn.session.imei!;
    const source = `${conn.codec.name}/${imei}`;
    // A frame still waiting when its connection ends can no longer be answered: the device sends
    // it again, so it is not written (docs/reliability.md "Duplicates").
    const orphaned = () => conn.isEnded;
    const accept = (uplinks: Decoded['uplinks']) => {
      for (const uplink of uplinks) this.deps.ingest.accept(imei, source, frame, uplink, settle, orphaned);
    };
    if (this.placing) this.placing.accept(conn, imei, d.uplinks, accept);
    else accept(d.uplinks);
  }

  media(conn: Connection, d: Decoded): void {
    const imei = conn.session.imei!;
    for (const m of d.media ?? []) {
      this.deps
        .storeMedia?.(imei, m)
        .catch((err: unknown) =>
          this.deps.log.warn({ err, imei, protocol: conn.codec.name, mime: m.mime }, 'device media not stored'),
        );
    }
  }

  async irregular(
    conn: Connection,
    frame: Buffer,
    irregular: readonly Irregularity[],
    judge: boolean,
  ): Promise<boolean> {
    const protocol = conn.codec.name;
    const c = this.count(protocol);
    const imei = conn.session.imei;
    const perDevice = imei ? (this.entry(imei, protocol).irregular ??= {}) : undefined;
    for (const i of irregular) {
      c.irregular[i] = (c.irregular[i] ?? 0) + 1;
      if (perDevice) perDevice[i] = (perDevice[i] ?? 0) + 1;
    }
    if (!judge || !imei) return true;
    const device = await this.deps.deviceCache.get(imei);
    if (device?.strictFraming !== true) return true;
    c.errors++;
    this.entry(imei, protocol).log.add(this.deps.clock.now(), 'in', frame, true);
    this.deps.log.debug({ protocol, imei, irregular }, 'protocol frame refused by strict framing');
    return false;
  }

  logged(conn: Connection, dir: 'in' | 'out', frame: Buffer, error?: string): void {
    const c = this.count(conn.codec.name);
    if (dir === 'in' && !error) c.frames++;
    if (error) c.errors++;
    const imei = conn.session.imei;
    if (!imei) return;
    this.entry(imei, conn.codec.name).log.add(this.deps.clock.now(), dir, frame);
  }

  /** The irregularities a device's frames had since it first connected here (undefined: never seen here). */
  irregularities(imei: string): IrregularityCounts | undefined {
    const entry = this.logs.get(imei);
    return entry && { ...entry.irregular };
  }

  closed(conn: Connection): void {
    this.conns.delete(conn);
    const imei = conn.session.imei;
    if (!imei || this.byImei.get(imei) !== conn) return;
    this.byImei.delete(imei);
    this.deps.ingest.connection(imei, false);
  }

  /** Whether a device is connected to this replica through a protocol listener. */
  connected(imei: string): ProtocolName | undefined {
    return this.byImei.get(imei)?.codec.name;
  }

  /**
   * A downlink published for a device (`sfwatch/{imei}/server`): sent in the device's protocol
   * when it is connected here. A command (or settings push) its protocol cannot say is
   * acknowledged as failed; one its protocol does not acknowledge, as sent.
   */
  downlink(imei: string, payload: Buffer): void {
    const conn = this.byImei.get(imei);
    if (!conn) return;
    const out = downlinkFrames(payload, conn.codec, conn.session, this.deps.clock.now());
    if (!out) return;
    const ack = (ok: boolean, msg: string) =>
      this.deps.ingest.accept(imei, `${conn.codec.name}/${imei}`, Buffer.alloc(0), {
        kind: 'ack',
        ref: out.id,
        ok,
        msg: msg.slice(0, 200),
      });
    if ('refused' in out) return ack(false, out.refused);
    for (const frame of out.frames) conn.send(frame);
    // A protocol that acknowledges nothing (the watch): sent is as far as anyone can know.
    if (!conn.codec.acknowledges) ack(true, `sent; ${conn.codec.name} does not acknowledge`);
  }

  /**
   * The raw frame log of a device with its codec's reading of each frame (frame-log.ts), and the
   * device's irregularity counts (undefined: never seen here).
   */
  frameLog(
    imei: string,
    codecs: ReadonlyMap<ProtocolName, StreamCodec>,
  ): { protocol: ProtocolName; frames: FrameLogRow[]; irregular: IrregularityCounts } | undefined {
    const entry = this.logs.get(imei);
    if (!entry) return undefined;
    const frames = readFrameLog(entry.log, imei, codecs.get(entry.protocol));
    return { protocol: entry.protocol, frames, irregular: { ...entry.irregular } };
  }

  private async http(codec: HttpCodec, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const answer = (status: number, text = '') => {
      if (!res.headersSent) res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(text);
    };
    try {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of req as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > MAX_HTTP_BODY) return answer(413, 'request too large');
        chunks.push(chunk);
      }
      const body = Buffer.concat(chunks).toString('utf8');
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
      const request = { method: req.method ?? 'GET', uri: req.url ?? '/', headers, body };
      const c = this.count(codec.name);
      let d;
      try {
        d = codec.decode(request, this.deps.clock.now());
      } catch (err) {
        c.errors++;
        return answer(400, (err as Error).message);
      }
      c.frames++;
      if (d.imei === undefined || d.status !== 200) return answer(d.status === 200 ? 400 : d.status, d.summary);
      const raw = Buffer.from(`${request.method} ${request.uri}${body ? `\n\n${body}` : ''}`);
      const device = await this.deps.deviceCache.get(d.imei);
      if (!deviceAdmitted(device)) {
        c.refused++;
        this.unknownDevices.record(codec.name, d.imei, req.socket.remoteAddress ?? '?', raw);
        return answer(404, 'unknown device');
      }
      this.entry(d.imei, codec.name).log.add(this.deps.clock.now(), 'in', raw);
      if (!d.uplinks.length) return answer(200);
      let left = d.uplinks.length;
      let lost = false;
      // 200 once stored: the app resends what was not acknowledged.
      for (const uplink of d.uplinks) {
        this.deps.ingest.accept(d.imei, `${codec.name}/${d.imei}`, raw, uplink, (outcome) => {
          if (outcome === 'lost') lost = true;
          if (--left === 0) answer(lost ? 503 : 200, lost ? 'not stored, send again' : '');
        });
      }
    } catch (err) {
      this.deps.log.warn({ err }, 'protocol request failed');
      answer(500);
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    for (const conn of this.conns) conn.close();
    await Promise.all(
      this.servers.map(
        ({ server: s }) =>
          new Promise<void>((resolve) => {
            if ('closeAllConnections' in s) s.closeAllConnections();
            s.close(() => resolve());
          }),
      ),
    );
  }
}
