// Child process of the protocol bench (protocols.ts): one TCP connection per device, GT06
// locators and watches as the market sells them (src/sim/protocols/frames.ts).
//
// Each device logs in (GT06 0x01 answered; the watch's LK answered), then reports positions in a
// closed loop or at a pace: a GT06 location and the next one on its acknowledgement (sent after the
// commit) or, paced, at its next due time once acknowledged;
// a watch's UD (unanswered in its protocol) followed by a TKQ (answered, nothing to store), whose
// answer leaves only once the UD is stored, since replies keep their frames' order
// (docs/protocols.md). Replies are counted by their bytes: a GT06 echo is 10 bytes, a watch's
// answer ends in `]`.
import { connect, type Socket } from 'node:net';
import { buildFrame } from '../../src/shared/protocols/watch/frame';
import { gt06Frames, watchFrames, type SimFix } from '../../src/sim/protocols/frames';

export interface BenchDevice {
  imei: string;
  protocol: 'gt06' | 'watch';
}

export type ProtocolCommand =
  | { start: { ports: { gt06: number; watch: number }; devices: BenchDevice[] } }
  /** Positions for `seconds`: in a closed loop, or each device one every `everyMs` (from a random offset). */
  | { report: { seconds: number; rounds?: number; everyMs?: number } }
  | { stop: true };

export interface ProtocolReport {
  connected?: number;
  failed?: number;
  /** Positions acknowledged (GT06 echo; the watch's TKQ answer after its UD). */
  positions?: number;
  /** Milliseconds from a position written to its acknowledgement, a sample. */
  latencies?: number[];
}

interface Conn {
  d: BenchDevice;
  socket: Socket;
  serial: number;
  /** Replies still owed: GT06 bytes, or watch answers. */
  owed: number;
  /** The exchange waiting for its replies: true when they came, false when the connection went. */
  settle?: (ok: boolean) => void;
}

let conns: Conn[] = [];
const CONNECT_CONCURRENCY = 200;

const fixAt = (i: number): SimFix => ({
  lat: 22.54 + (i % 1000) * 1e-5,
  lon: 114.06 + (i % 997) * 1e-5,
  speed: 4,
  heading: 90,
  at: Date.now() - 1000,
  satellites: 9,
});

function reply(c: Conn, chunk: Buffer): void {
  if (c.d.protocol === 'gt06') c.owed -= chunk.length;
  else for (const b of chunk) if (b === 0x5d) c.owed--;
  if (c.owed <= 0) {
    c.owed = 0;
    c.settle?.(true);
  }
}

/** Writes `frames`, resolves when their `owed` replies arrived (false when the socket went away or 30 s passed). */
function exchange(c: Conn, frames: Buffer, owed: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => c.settle?.(false), 30_000);
    c.owed = owed;
    c.settle = (ok) => {
      c.settle = undefined;
      clearTimeout(timer);
      resolve(ok);
    };
    c.socket.write(frames);
  });
}

async function open(d: BenchDevice, port: number): Promise<Conn | undefined> {
  const socket = connect(port, '127.0.0.1');
  const c: Conn = { d, socket, serial: 1, owed: 0 };
  socket.setNoDelay(true);
  socket.on('data', (chunk: Buffer) => reply(c, chunk));
  socket.on('error', () => {});
  socket.on('close', () => c.settle?.(false));
  const ok = await new Promise<boolean>((resolve) => {
    socket.once('connect', () => resolve(true));
    socket.once('error', () => resolve(false));
  });
  if (!ok) return undefined;
  const login = d.protocol === 'gt06' ? gt06Frames.login(d.imei, c.serial++) : watchFrames.link(d.imei, 80);
  return (await exchange(c, login, d.protocol === 'gt06' ? 10 : 1)) ? c : (socket.destroy(), undefined);
}

/** One position of `c`, resolved with its round trip in ms (undefined when unanswered). */
async function position(c: Conn, i: number): Promise<number | undefined> {
  const fix = fixAt(i);
  const frames =
    c.d.protocol === 'gt06'
      ? gt06Frames.location((c.serial = (c.serial + 1) & 0xffff), fix)
      : Buffer.concat([watchFrames.position(c.d.imei, fix, 80), buildFrame('SG', c.d.imei, undefined, 'TKQ')]);
  const t0 = performance.now();
  return (await exchange(c, frames, c.d.protocol === 'gt06' ? 10 : 1)) ? performance.now() - t0 : undefined;
}

process.on('message', (m: ProtocolCommand) => {
  void (async () => {
    if ('start' in m) {
      const { ports, devices } = m.start;
      let next = 0;
      let failed = 0;
      const worker = async () => {
        while (next < devices.length) {
          const d = devices[next++]!;
          const c = await open(d, ports[d.protocol]);
          if (c) conns.push(c);
          else failed++;
        }
      };
      await Promise.all(Array.from({ length: CONNECT_CONCURRENCY }, worker));
      process.send!({ connected: conns.length, failed } satisfies ProtocolReport);
    } else if ('report' in m) {
      const end = performance.now() + m.report.seconds * 1000;
      let positions = 0;
      const latencies: number[] = [];
      const every = m.report.everyMs;
      await Promise.all(
        conns.map(async (c, k) => {
          let due = performance.now() + (every ? Math.random() * every : 0);
          for (
            let round = 0;
            (m.report.rounds === undefined || round < m.report.rounds) && performance.now() < end;
            round++
          ) {
            if (every) {
              const wait = due - performance.now();
              due += every;
              if (wait > 0) await new Promise((r) => setTimeout(r, wait));
              if (performance.now() >= end) return;
            }
            const ms = await position(c, k + round);
            if (ms === undefined) return;
            positions++;
            if (latencies.length < 20_000 && Math.random() < 0.05) latencies.push(ms);
          }
        }),
      );
      process.send!({ positions, latencies } satisfies ProtocolReport);
    } else {
      for (const c of conns) c.socket.destroy();
      conns = [];
      process.exit(0);
    }
  })();
});
process.send!({});
