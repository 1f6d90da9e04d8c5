/**
 * The decode tool's engine (`npm run decode`, docs/protocols.md "Decode tool"): frames as support
 * staff paste them, decoded by the gateway's own codecs into the uplinks the service would store
 * and the reply it would send. A line holds one or more whole frames (as one TCP read may); lines
 * are one connection: a login's identifier carries to the frames after it; an empty line starts a
 * new connection.
 */
import { uplinkSchema, type Uplink } from '../../shared/devices/protocol';
import { CODECS } from './registry';
import {
  IRREGULARITY_NOTES,
  newSession,
  ProtocolError,
  type Decoded,
  type HttpRequestLike,
  type Irregularity,
  type ProtocolName,
  type Session,
  type StreamCodec,
} from './types';

interface DecodeLine {
  imei: string | null;
  /** The uplinks of every frame of the line, in frame order. */
  uplinks: Uplink[];
  /** The replies of the line's frames, concatenated in frame order, in hex; null when none answers. */
  reply: string | null;
  /** What the line's frames got wrong and were accepted with (Decoded.irregular), and how the raw frame log marks it. */
  irregular?: { irregularity: Irregularity; note: string }[];
  /** Why a frame could not be decoded (on a line of several: which one); the other frames' uplinks and replies stay. */
  error?: string;
}

/** One connection's lines, in order. */
export class LineDecoder {
  private session: Session = newSession();

  constructor(
    private readonly protocol: ProtocolName,
    /** The code a registration is answered with (the service derives one per device; the tool cannot). */
    private readonly authCode: string | undefined = undefined,
    /** The codecs (tests give their own). */
    private readonly codecs: Readonly<Record<Exclude<ProtocolName, 'osmand'>, StreamCodec>> = CODECS,
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
    const codec = this.codecs[this.protocol as Exclude<ProtocolName, 'osmand'>];
    const framer = codec.framer();
    const frames = framer.push(Buffer.from(hex, 'hex'));
    if (!frames.length) throw new ProtocolError('no whole frame on the line');
    const uplinks: Uplink[] = [];
    const replies: Buffer[] = [];
    const irregular: NonNullable<DecodeLine['irregular']> = [];
    const errors: string[] = [];
    let imei: string | undefined;
    frames.forEach((frame, i) => {
      try {
        const d = codec.decode(frame, this.session, now);
        if (d.imei !== undefined && this.session.imei === undefined) this.session.imei = d.imei;
        imei = d.imei ?? imei;
        // Validated before taken, so a frame whose uplink the schema refuses adds nothing.
        const valid = validated(d.uplinks);
        uplinks.push(...valid);
        const reply = replyOf(d, this.authCode ?? d.imei);
        if (reply) replies.push(reply);
        for (const irregularity of d.irregular ?? [])
          irregular.push({ irregularity, note: IRREGULARITY_NOTES[irregularity] ?? irregularity });
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        errors.push(frames.length > 1 ? `frame ${i + 1} of ${frames.length}: ${message}` : message);
      }
    });
    const left = framer.pending();
    if (left > 0) errors.push(`${left} bytes after the last whole frame`);
    return {
      imei: imei ?? this.session.imei ?? null,
      uplinks,
      reply: replies.length ? Buffer.concat(replies).toString('hex') : null,
      ...(irregular.length && { irregular }),
      ...(errors.length && { error: errors.join('; ') }),
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
