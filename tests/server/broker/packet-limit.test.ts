import { connect as tcpConnect, type AddressInfo, type Socket } from 'node:net';
import { Duplex } from 'node:stream';
import mqtt, { type MqttClient } from 'mqtt';
import mqttPacket from 'mqtt-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { topics } from '../../../src/shared/topics';
import { limitPacketSize, PacketTooLargeError, packetSizeWatcher } from '../../../src/server/broker/packet-limit';
import type { EmbeddedBroker } from '../../../src/server/broker/types';
import { buildTestApp, type TestApp } from '../helper';
import { addDevices, type TestDevice } from '../ingest-helper';

const KB = 1024;
const MB = 1024 * KB;

const publish = (payloadBytes: number) =>
  mqttPacket.generate({
    cmd: 'publish',
    topic: 'a/b',
    payload: Buffer.alloc(payloadBytes, 1),
    qos: 0,
    dup: false,
    retain: false,
  });

/** The fixed header of a PUBLISH announcing `length` bytes to come (remaining length varint). */
function publishHeader(length: number): Buffer {
  const bytes = [0x30];
  do {
    let b = length % 128;
    length = Math.floor(length / 128);
    if (length > 0) b |= 0x80;
    bytes.push(b);
  } while (length > 0);
  return Buffer.from(bytes);
}

describe('packetSizeWatcher', () => {
  const stream = Buffer.concat([
    mqttPacket.generate({
      cmd: 'connect',
      protocolId: 'MQTT',
      protocolVersion: 4,
      clientId: 'c',
      clean: true,
      keepalive: 60,
    }),
    publish(0),
    publish(200),
    publish(20 * KB),
    mqttPacket.generate({ cmd: 'pingreq' }),
    publish(60 * KB),
  ]);

  it('follows real packets however the bytes are split, and stays quiet under the limit', () => {
    for (const split of [1, 2, 3, 7, 1000, stream.length]) {
      const over = packetSizeWatcher(64 * KB);
      const reports: (number | undefined)[] = [];
      for (let i = 0; i < stream.length; i += split) reports.push(over(stream.subarray(i, i + split)));
      expect(reports.filter((r) => r !== undefined)).toEqual([]);
      // still in step: the next packet's header is read as one
      expect(over(publishHeader(200 * MB))).toBe(1 + 4 + 200 * MB);
    }
  });

  it('names the first packet over the limit as soon as its header is complete, even split inside the length', () => {
    const big = publish(64 * KB); // 64 KB of payload + topic + header: over a 64 KB limit
    const over = packetSizeWatcher(64 * KB);
    expect(over(stream)).toBeUndefined();
    expect(over(big.subarray(0, 2))).toBeUndefined(); // header byte and the first length byte
    expect(over(big.subarray(2, 4))).toBe(big.length);
    expect(packetSizeWatcher(256 * KB)(publishHeader(200 * MB))).toBe(1 + 4 + 200 * MB);
    expect(packetSizeWatcher(256 * KB)(Buffer.from([0x30, 0xff, 0xff, 0xff, 0xff]))).toBe(Infinity);
  });
});

describe('limitPacketSize', () => {
  it('passes what its source pushes until a packet is over the limit, then destroys the stream and reports it', async () => {
    const stream = new Duplex({ read() {}, write: (_c, _e, cb) => cb() });
    const cuts: PacketTooLargeError[] = [];
    limitPacketSize(stream, 1024, (e) => cuts.push(e));
    const read: Buffer[] = [];
    stream.on('data', (c: Buffer) => read.push(c));
    const errored = new Promise<unknown>((r) => stream.once('error', r));
    stream.push(publish(500));
    stream.push(publishHeader(2000));
    stream.push(Buffer.alloc(100));
    expect(await errored).toBeInstanceOf(PacketTooLargeError);
    expect(cuts.map((e) => e.message)).toEqual(['MQTT packet of 2003 bytes over the limit of 1024']);
    expect(Buffer.concat(read)).toEqual(publish(500));
  });
});

describe('embedded broker: maximum packet size (MQTT_MAX_PACKET_BYTES)', () => {
  let t: TestApp;
  let tcpPort: number;
  let httpPort: number;
  let device: TestDevice;

  beforeAll(async () => {
    // Under the 256 KB default, so the tests also show the configured value reaches both listeners.
    t = await buildTestApp({ embeddedBroker: true, config: { mqttMaxPacketBytes: 200 * KB } });
    tcpPort = await (t.app.broker as EmbeddedBroker).listenTcp(0, '127.0.0.1');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    httpPort = (t.app.server.address() as AddressInfo).port;
    device = (await addDevices(t.app, 1))[0]!;
  });
  afterAll(() => t?.close());

  /** Streams up to 64 MB after the header until the service closes the connection; bytes accepted before the close. */
  async function sendUntilClosed(
    write: (chunk: Buffer) => Promise<void>,
    closed: Promise<unknown>,
  ): Promise<{ closed: boolean; sent: number }> {
    let isClosed = false;
    void closed.then(() => (isClosed = true));
    const chunk = Buffer.alloc(64 * KB, 7);
    let sent = 0;
    while (!isClosed && sent < 64 * MB) {
      const ok = await Promise.race([
        write(chunk).then(
          () => true,
          () => false,
        ),
        closed.then(() => false),
      ]);
      if (!ok) break;
      sent += chunk.length;
    }
    await Promise.race([closed, new Promise((r) => setTimeout(r, 2000))]);
    return { closed: isClosed, sent };
  }

  it('cuts a TCP connection announcing a 200 MB PUBLISH before buffering its body', async () => {
    const socket: Socket = tcpConnect(tcpPort, '127.0.0.1');
    socket.on('error', () => {});
    const closed = new Promise((r) => socket.once('close', r));
    await new Promise((r) => socket.once('connect', r));
    socket.write(publishHeader(200 * MB));
    const write = (c: Buffer) =>
      new Promise<void>((resolve, reject) =>
        socket.destroyed
          ? reject(new Error('closed'))
          : socket.write(c)
            ? resolve()
            : socket.once('drain', () => resolve()),
      );
    const { closed: wasClosed, sent } = await sendUntilClosed(write, closed);
    expect(wasClosed).toBe(true);
    // Without the limit Aedes takes all 64 MB and keeps waiting for the rest.
    expect(sent).toBeLessThan(8 * MB);
    socket.destroy();
  }, 60_000);

  it('cuts a WebSocket connection the same way (a packet may span many WebSocket messages)', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${httpPort}/mqtt`, 'mqtt');
    ws.on('error', () => {});
    const closed = new Promise((r) => ws.once('close', () => r(undefined)));
    await new Promise((r) => ws.once('open', r));
    ws.send(publishHeader(200 * MB));
    const write = (c: Buffer) =>
      new Promise<void>((resolve, reject) => ws.send(c, (err) => (err ? reject(err) : resolve())));
    const { closed: wasClosed, sent } = await sendUntilClosed(write, closed);
    expect(wasClosed).toBe(true);
    expect(sent).toBeLessThan(8 * MB);
  }, 60_000);

  it('passes a 100 KB publish and cuts a 230 KB one over the configured 200 KB, over TCP and over WebSocket', async () => {
    const received: number[] = [];
    const unsubscribe = await t.app.broker.subscribe(
      topics.deviceUp(device.imei),
      (_topic, payload) => void received.push(payload.length),
    );
    const urls = [`mqtt://127.0.0.1:${tcpPort}`, `ws://127.0.0.1:${httpPort}/mqtt`];
    try {
      for (const url of urls) {
        const client: MqttClient = await mqtt.connectAsync(url, {
          username: device.imei,
          password: device.secret,
          reconnectPeriod: 0,
          connectTimeout: 5_000,
        });
        try {
          await client.publishAsync(topics.deviceUp(device.imei), Buffer.alloc(100 * KB, 0x20), { qos: 1 });
          const gone = new Promise((r) => client.once('close', () => r(undefined)));
          client.publish(topics.deviceUp(device.imei), Buffer.alloc(230 * KB, 0x20), { qos: 0 });
          expect(
            await Promise.race([gone.then(() => 'cut'), new Promise((r) => setTimeout(() => r('still open'), 5000))]),
          ).toBe('cut');
        } finally {
          await client.endAsync(true).catch(() => {});
        }
      }
      expect(received).toEqual([100 * KB, 100 * KB]);
    } finally {
      await unsubscribe();
    }
  }, 60_000);
});
