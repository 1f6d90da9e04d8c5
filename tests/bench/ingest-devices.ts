// Child process of the ingest bench: one MQTT connection per device, as a fleet is.
//
// Each device logs in with its IMEI and secret (or anonymously on an external broker), then
// publishes QoS 1 telemetry, each message with its own id. Closed loop: every device keeps
// `window` PUBLISHes unacknowledged and sends the next one on each PUBACK, so the rate is what
// the service (and the broker) sustain with the acknowledgement after the commit. Open loop: the
// devices send a fixed rate in turn whatever comes back (each at most `maxOutstanding` unacknowledged).
// Plain sockets and hand-written packets keep the publishers far cheaper than the service they
// load: on 2 cores they share the CPU with it, the broker and the database.
import { connect, type Socket } from 'node:net';
import mqttPacket from 'mqtt-packet';

export interface DeviceLogin {
  imei: string;
  secret?: string;
}

export type Command =
  | { start: { url: string; devices: DeviceLogin[] } }
  | { closed: { seconds: number; window: number; payload?: Payload } }
  | { open: { seconds: number; perDeviceRate: number; maxOutstanding: number; payload?: Payload } }
  | { stop: true };

/** What each PUBLISH carries: telemetry readings (the ingest figures) or a position fix (the forwarding bench). */
export type Payload = 'telemetry' | 'position';

export interface Report {
  connected?: number;
  failed?: number;
  sent?: number;
  acked?: number;
  /** Milliseconds from PUBLISH written to PUBACK read, a sample. */
  latencies?: number[];
}

interface Conn {
  imei: string;
  topic: Buffer;
  socket: Socket;
  nextId: number;
  seq: number;
  /** packet id -> time written. */
  outstanding: Map<number, number>;
  buf: Buffer;
}

let conns: Conn[] = [];
let sent = 0;
let acked = 0;
let latencies: number[] = [];
let onAck: ((c: Conn) => void) | undefined;
let payload: Payload = 'telemetry';
const epoch = Date.now();

function encodeTopic(imei: string): Buffer {
  const t = Buffer.from(`sfwatch/${imei}/up`);
  const b = Buffer.allocUnsafe(t.length + 2);
  b.writeUInt16BE(t.length, 0);
  t.copy(b, 2);
  return b;
}

function publish(c: Conn): void {
  const body = Buffer.from(
    payload === 'position'
      ? // A fix time of its own (ms, one apart): positions sent in the same millisecond are still two events.
        `{"kind":"location","id":"${c.imei}-${c.seq}","ts":${epoch + c.seq},"lat":${31.2 + (c.seq % 1000) / 1e5},"lon":121.47,"speed":4.5}`
      : `{"kind":"telemetry","id":"${c.imei}-${c.seq}","values":{"heartRate":${60 + (c.seq % 40)},"steps":${c.seq}}}`,
  );
  c.seq++;
  c.nextId = (c.nextId % 65_535) + 1;
  const len = c.topic.length + 2 + body.length;
  const head = len < 128 ? Buffer.from([0x32, len]) : Buffer.from([0x32, (len & 0x7f) | 0x80, len >> 7]);
  const id = Buffer.allocUnsafe(2);
  id.writeUInt16BE(c.nextId, 0);
  c.outstanding.set(c.nextId, performance.now());
  c.socket.write(Buffer.concat([head, c.topic, id, body]));
  sent++;
}

/** Reads whole packets; PUBACKs settle their PUBLISH. */
function read(c: Conn, chunk: Buffer): void {
  c.buf = c.buf.length ? Buffer.concat([c.buf, chunk]) : chunk;
  while (c.buf.length >= 2) {
    let len = 0;
    let mul = 1;
    let i = 1;
    for (; i < 5 && i < c.buf.length; i++) {
      len += (c.buf[i]! & 0x7f) * mul;
      mul *= 128;
      if (!(c.buf[i]! & 0x80)) break;
    }
    const total = i + 1 + len;
    if (c.buf.length < total) return;
    if (c.buf[0]! >> 4 === 4) {
      const t = c.outstanding.get(c.buf.readUInt16BE(i + 1));
      if (t !== undefined) {
        c.outstanding.delete(c.buf.readUInt16BE(i + 1));
        acked++;
        if ((acked & 15) === 0) latencies.push(performance.now() - t);
        onAck?.(c);
      }
    }
    c.buf = c.buf.subarray(total);
  }
}

function open(url: URL, d: DeviceLogin, i: number): Promise<Conn> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: url.hostname, port: Number(url.port || 1883), noDelay: true });
    const c: Conn = {
      imei: d.imei,
      topic: encodeTopic(d.imei),
      socket,
      nextId: 0,
      seq: 0,
      outstanding: new Map(),
      buf: Buffer.alloc(0),
    };
    const timer = setTimeout(() => (socket.destroy(), reject(new Error('connect timeout'))), 30_000);
    socket.once('error', (err) => (clearTimeout(timer), reject(err)));
    socket.once('connect', () => {
      socket.write(
        mqttPacket.generate({
          cmd: 'connect',
          protocolId: 'MQTT',
          protocolVersion: 4,
          clientId: `bench-${d.imei}-${process.pid}-${i}`,
          clean: true,
          keepalive: 0,
          ...(d.secret ? { username: d.imei, password: Buffer.from(d.secret) } : {}),
        }),
      );
    });
    socket.once('data', (chunk: Buffer) => {
      clearTimeout(timer);
      if (chunk[0] !== 0x20 || chunk[3] !== 0) return reject(new Error(`CONNACK refused: ${chunk.toString('hex')}`));
      socket.on('data', (more: Buffer) => read(c, more));
      socket.on('error', () => {});
      if (chunk.length > 4) read(c, chunk.subarray(4));
      resolve(c);
    });
  });
}

async function start(cmd: { url: string; devices: DeviceLogin[] }): Promise<Report> {
  const url = new URL(cmd.url);
  let failed = 0;
  // A few hundred connects at a time: a fleet does not all dial in the same millisecond.
  for (let i = 0; i < cmd.devices.length; i += 250) {
    const batch = await Promise.allSettled(cmd.devices.slice(i, i + 250).map((d, k) => open(url, d, i + k)));
    for (const r of batch) {
      if (r.status === 'fulfilled') conns.push(r.value);
      else failed++;
    }
  }
  return { connected: conns.length, failed };
}

async function run(seconds: number, begin: () => void, tick?: () => void): Promise<Report> {
  sent = 0;
  acked = 0;
  latencies = [];
  begin();
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    tick?.();
    await new Promise((r) => setTimeout(r, 50));
  }
  onAck = undefined;
  // What is still unacknowledged gets a few seconds to come back.
  for (let i = 0; i < 100 && conns.some((c) => c.outstanding.size); i++) await new Promise((r) => setTimeout(r, 50));
  return { sent, acked, latencies };
}

process.on('message', (m: Command) => {
  const answer = (p: Promise<Report>) =>
    p.then(
      (r) => process.send!(r),
      (err: unknown) => process.send!({ failed: -1, error: String(err) }),
    );
  if ('start' in m) answer(start(m.start));
  else if ('closed' in m) {
    const { seconds, window } = m.closed;
    payload = m.closed.payload ?? 'telemetry';
    let stopping = false;
    setTimeout(() => (stopping = true), seconds * 1000);
    answer(
      run(seconds, () => {
        onAck = (c) => {
          if (!stopping) publish(c);
        };
        for (const c of conns) for (let k = c.outstanding.size; k < window; k++) publish(c);
      }),
    );
  } else if ('open' in m) {
    const { seconds, perDeviceRate, maxOutstanding } = m.open;
    payload = m.open.payload ?? 'telemetry';
    // The fleet's rate, spread over its devices in turn (a fleet's devices do not all report in
    // the same millisecond); a device past maxOutstanding loses its turn.
    let credit = 0;
    let cursor = 0;
    let last = performance.now();
    answer(
      run(
        seconds,
        () => {},
        () => {
          const now = performance.now();
          credit += ((now - last) / 1000) * perDeviceRate * conns.length;
          last = now;
          const whole = Math.floor(credit);
          credit -= whole;
          for (let k = 0; k < whole && conns.length; k++) {
            const c = conns[cursor++ % conns.length]!;
            if (c.outstanding.size < maxOutstanding) publish(c);
          }
        },
      ),
    );
  } else if ('stop' in m) {
    for (const c of conns) c.socket.end(Buffer.from([0xe0, 0x00]));
    conns = [];
    setTimeout(() => process.exit(0), 300).unref();
  }
});
process.send!({ ready: true });
