import { connect, type Socket } from 'node:net';
import { parseFrame } from '../../../src/shared/protocols/jt808/frame';
import { CODECS } from '../../../src/server/protocols/registry';
import { gt06Frames, Jt808Terminal } from '../../../src/sim/protocols/frames';

/** A tracker's connection to a protocol listener: one frame at a time, each answered by the service's reply. */
export class TrackerConnection {
  private got = Buffer.alloc(0);
  private wake?: () => void;
  private readonly framer;

  private constructor(
    private readonly socket: Socket,
    readonly kind: 'gt06' | 'jt808',
  ) {
    this.framer = CODECS[kind].framer();
    socket.on('error', () => {});
    socket.on('data', (b) => {
      this.got = Buffer.concat([this.got, b]);
      this.wake?.();
    });
    socket.on('close', () => this.wake?.());
  }

  /** Connects to 127.0.0.1:`port` and logs in (a JT/T 808 terminal with `authCode`); undefined when the login is not answered. */
  static async open(
    port: number,
    kind: 'gt06' | 'jt808',
    imei: string,
    authCode?: string,
  ): Promise<{ conn: TrackerConnection; term?: Jt808Terminal } | undefined> {
    const socket = connect(port, '127.0.0.1');
    const conn = new TrackerConnection(socket, kind);
    const opened = await new Promise<boolean>((resolve) => {
      socket.once('connect', () => resolve(true));
      socket.once('error', () => resolve(false));
    });
    if (!opened) return undefined;
    const term = kind === 'jt808' ? new Jt808Terminal(imei) : undefined;
    if (!(await conn.send(term ? term.authenticate(authCode!) : gt06Frames.login(imei, 1)))) {
      conn.close();
      return undefined;
    }
    return { conn, term };
  }

  /** Sends one frame; resolves with the reply, or undefined once the connection ended without one. */
  async send(frame: Buffer): Promise<Buffer | undefined> {
    this.socket.write(frame);
    for (;;) {
      const frames = this.framer.push(this.got);
      this.got = Buffer.alloc(0);
      if (frames.length) return frames[0];
      if (this.socket.destroyed || this.socket.readableEnded) return undefined;
      await new Promise<void>((r) => (this.wake = r));
    }
  }

  close(): void {
    this.socket.destroy();
  }
}

/**
 * One tracker sending positions one after another over one connection, each waiting for its
 * acknowledgement, until `running()` turns false or the connection ends: adds `imei:latitude` of
 * each position acknowledged to `acked`, so a test can look for each of them. The latitude holds
 * `lane` and the sequence (`seq`, carried on across connections); `paceMs` apart (0: as fast as
 * the replies come).
 */
export async function pump(
  port: number,
  kind: 'gt06' | 'jt808',
  imei: string,
  authCode: string | undefined,
  lane: number,
  acked: Set<string>,
  running: () => boolean,
  seq = { n: 0 },
  paceMs = 0,
): Promise<void> {
  const opened = await TrackerConnection.open(port, kind, imei, authCode);
  if (!opened) return;
  const { conn, term } = opened;
  try {
    while (running()) {
      const n = ++seq.n;
      const lat = Number(`${10 + lane}.${String(n).padStart(5, '0')}`);
      const fix = { lat, lon: 100 + lane, at: Date.now() - 1_000, satellites: 8 };
      const r = await conn.send(term ? term.location(fix) : gt06Frames.location(n & 0xffff, fix));
      if (!r) return;
      if (kind === 'jt808' && parseFrame(r).id !== 0x8001) return;
      acked.add(`${imei}:${lat.toFixed(5)}`);
      if (paceMs) await new Promise((r) => setTimeout(r, paceMs));
    }
  } finally {
    conn.close();
  }
}
