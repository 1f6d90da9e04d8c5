// Child process of the ingest bench (external broker path): publishes telemetry for the fleet on
// request, so the publishers' CPU and memory are not counted as the service's.
//
// The publishers must cost far less than the service they load (on 2 cores they share the CPU
// with it, the broker and the database), so they skip the mqtt.js client: plain sockets, the
// CONNECT packet from mqtt-packet, and every PUBLISH (QoS 1, as devices send them) written as
// bytes into one buffer per connection and request. Topics are encoded once per device. The
// broker's PUBACKs are only counted (they bound what a connection has outstanding).
import { connect, type Socket } from 'node:net';
import mqttPacket from 'mqtt-packet';

interface Start {
  url: string;
  imeis: string[];
  connections: number;
}

/** Unacknowledged publishes per connection before it waits for the broker. */
const MAX_OUTSTANDING = 5_000;

interface Conn {
  socket: Socket;
  packetId: number;
  sent: number;
  acked: number;
}

const start = await new Promise<Start>((resolve) => process.once('message', (m) => resolve(m as Start)));
const { hostname, port } = new URL(start.url);
/** `sfwatch/{imei}/up` with its 2-byte length prefix, per device. */
const topics = start.imeis.map((imei) => {
  const t = Buffer.from(`sfwatch/${imei}/up`);
  const b = Buffer.allocUnsafe(t.length + 2);
  b.writeUInt16BE(t.length, 0);
  t.copy(b, 2);
  return b;
});

async function open(i: number): Promise<Conn> {
  const socket = connect({ host: hostname, port: Number(port || 1883), noDelay: true });
  const conn: Conn = { socket, packetId: 0, sent: 0, acked: 0 };
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.write(mqttPacket.generate({ cmd: 'connect', protocolId: 'MQTT', protocolVersion: 4, clientId: `bench-pub-${process.pid}-${i}`, clean: true, keepalive: 0 }));
    });
    let connack = false;
    let pending = 0;
    socket.on('data', (chunk: Buffer) => {
      let off = 0;
      if (!connack) {
        if (chunk[0] !== 0x20 || chunk[3] !== 0) return reject(new Error(`CONNACK refused: ${chunk.toString('hex')}`));
        connack = true;
        off = 4;
        resolve();
      }
      // Only PUBACKs (4 bytes each) come back after the CONNACK.
      pending += chunk.length - off;
      conn.acked += pending >> 2;
      pending &= 3;
    });
  });
  return conn;
}

const clients = await Promise.all(Array.from({ length: start.connections }, (_, i) => open(i)));
let seq = 0;
let next = 0;

/** One PUBLISH QoS 1 packet into `out` at `off`; returns the new offset. */
function put(out: Buffer, off: number, c: Conn, n: number): number {
  const topic = topics[n % topics.length]!;
  const payload = `{"kind":"telemetry","id":${n},"values":{"heartRate":${60 + (n % 40)},"battery":${n % 100},"steps":${n}}}`;
  const len = topic.length + 2 + payload.length; // ASCII payload: chars = bytes
  out[off++] = 0x32;
  let rest = len;
  do {
    let byte = rest & 0x7f;
    rest >>= 7;
    if (rest) byte |= 0x80;
    out[off++] = byte;
  } while (rest);
  off += topic.copy(out, off);
  c.packetId = (c.packetId % 65_535) + 1;
  out.writeUInt16BE(c.packetId, off);
  off += 2;
  off += out.write(payload, off, 'latin1');
  return off;
}

process.on('message', (m: { n?: number; stop?: boolean }) => {
  if (m.stop) {
    for (const c of clients) c.socket.end(Buffer.from([0xe0, 0x00]));
    setTimeout(() => process.exit(0), 200).unref();
    return;
  }
  const want = m.n ?? 0;
  // Round robin over the connections, each filling one buffer written in one call.
  const share = Math.ceil(want / clients.length);
  let sent = 0;
  for (let k = 0; k < clients.length && sent < want; k++) {
    const c = clients[next++ % clients.length]!;
    const room = Math.min(share, want - sent, MAX_OUTSTANDING - (c.sent - c.acked));
    if (room <= 0 || c.socket.writableLength > 4 * 1024 * 1024) continue;
    const out = Buffer.allocUnsafe(room * 160);
    let off = 0;
    for (let i = 0; i < room; i++) off = put(out, off, c, seq++);
    c.socket.write(out.subarray(0, off));
    c.sent += room;
    sent += room;
  }
  process.send!({ sent });
});
process.send!({ ready: true });
