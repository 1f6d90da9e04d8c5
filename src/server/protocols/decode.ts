/**
 * The decode tool's engine (`npm run decode`, docs/protocols.md "Decode tool"): frames as support
 * staff paste them, decoded by the gateway's own codecs into the uplinks the service would store
 * and the reply it would send. Lines are one connection: a login's identifier carries to the
 * lines after it; an empty line starts a new connection.
 */
import { uplinkSchema, type Uplink } from '../../shared/devices/protocol';
import { CODECS } from './registry';
import {
  newSession,
  ProtocolError,
  type Decoded,
  type HttpRequestLike,
  type ProtocolName,
  type Session,
} from './types';

export interface DecodeLine {
  imei: string | null;
  uplinks: Uplink[];
  reply: string | null;
  error?: string;
}

/** One connection's lines, in order. */
export class LineDecoder {
  private session: Session = newSession();

  constructor(
    private readonly protocol: ProtocolName,
    /** The code a registration is answered with (the service derives one per device; the tool cannot). */
    private readonly authCode: string | undefined = undefined,
  ) {}

  /** undefined for an empty line (a new connection starts). */
  line(text: string, now = Date.now()): DecodeLine | undefined {
    if (text.trim() === '') {
      this.session = newSession();
      return undefined;
    }
    try {
      return this.protocol === 'osmand' ? this.http(text, now) : this.frame(text, now);
    } catch (err) {
      return {
        imei: this.session.imei ?? null,
        uplinks: [],
        reply: null,
        error: err instanceof Error ? err.message : String(err),
      };
    }
  }

  private frame(text: string, now: number): DecodeLine {
    const hex = text.replace(/\s+/g, '');
    if (!/^([0-9a-fA-F]{2})+$/.test(hex)) throw new ProtocolError('not hex: pairs of 0-9 and a-f expected');
    const codec = CODECS[this.protocol as Exclude<ProtocolName, 'osmand'>];
    const frames = codec.framer().push(Buffer.from(hex, 'hex'));
    if (frames.length !== 1)
      throw new ProtocolError(
        frames.length ? `${frames.length} frames on one line; one expected` : 'no whole frame on the line',
      );
    const d = codec.decode(frames[0]!, this.session, now);
    if (d.imei !== undefined && this.session.imei === undefined) this.session.imei = d.imei;
    return {
      imei: d.imei ?? this.session.imei ?? null,
      uplinks: validated(d.uplinks),
      reply: replyOf(d, this.authCode ?? d.imei)?.toString('hex') ?? null,
    };
  }

  private http(text: string, now: number): DecodeLine {
    const req = JSON.parse(text) as Partial<HttpRequestLike>;
    if (typeof req !== 'object' || req === null || typeof req.uri !== 'string')
      throw new ProtocolError('a JSON object with method, uri, headers and body expected');
    const d = CODECS.osmand.decode(
      { method: req.method ?? 'GET', uri: req.uri, headers: req.headers ?? {}, body: req.body ?? '' },
      now,
    );
    if (d.status !== 200)
      return { imei: d.imei ?? null, uplinks: [], reply: null, error: `HTTP ${d.status}: ${d.summary}` };
    return { imei: d.imei ?? null, uplinks: validated(d.uplinks), reply: null };
  }
}

/** A registration and an authentication are answered as if the device were registered. */
function replyOf(d: Decoded, authCode: string | undefined): Buffer | undefined {
  if (d.answer) return d.answer({ ok: true, authCode });
  return d.reply;
}

/** As the gateway stores them (defaults applied); a codec's uplink the schema refuses is an error. */
function validated(uplinks: Uplink[]): Uplink[] {
  return uplinks.map((u) => {
    const r = uplinkSchema.safeParse(u);
    if (!r.success)
      throw new ProtocolError(
        `decoded ${u.kind} refused: ${r.error.issues[0]?.path.join('.')} ${r.error.issues[0]?.message}`,
      );
    return r.data;
  });
}

/** `--encode`: the frame the gateway sends for a command, in hex. */
export function encodeCommand(protocol: ProtocolName, json: string, now = Date.now()): string {
  if (protocol === 'osmand') throw new ProtocolError('OsmAnd devices take no commands');
  const input = JSON.parse(json) as { imei?: unknown; command?: unknown; params?: unknown };
  if (typeof input.imei !== 'string' || typeof input.command !== 'string')
    throw new ProtocolError('{"imei": string, "command": string, "params": {...}} expected');
  const session = newSession();
  session.imei = input.imei;
  const params =
    typeof input.params === 'object' && input.params !== null ? (input.params as Record<string, unknown>) : {};
  const frame = CODECS[protocol].encode({ id: 1, cmd: input.command, params }, session, now);
  if (!frame) throw new ProtocolError(`${protocol} has no ${input.command} command`);
  return frame.toString('hex');
}
