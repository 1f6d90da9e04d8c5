import { connect, type Socket } from 'node:net';
import type { Framer } from '../../../src/server/protocols/types';
import { until } from '../ingest-helper';

/**
 * A device's socket to a protocol listener of the test app, and every byte the service sent it:
 * the gateway tests' one way to send a frame and wait for the service's answer.
 */
export class Wire {
  readonly socket: Socket;
  got = Buffer.alloc(0);
  closed = false;

  constructor(port: number) {
    this.socket = connect(port, '127.0.0.1');
    this.socket.on('data', (b) => (this.got = Buffer.concat([this.got, b])));
    this.socket.on('close', () => (this.closed = true));
    this.socket.on('error', () => {});
  }

  /** Sends a frame and waits for `expected` bytes (or as many as it holds) after what was received so far. */
  async exchange(frame: Buffer, expected: Buffer | number): Promise<Buffer> {
    const from = this.got.length;
    this.socket.write(frame);
    const n = typeof expected === 'number' ? expected : expected.length;
    await until(() => this.got.length >= from + n, 5_000, 'the reply');
    return this.got.subarray(from, from + n);
  }

  /** The text the service sent from byte `from` up to and including the first `end` (waits for it). */
  async text(from: number, end = '#', what = 'the reply'): Promise<string> {
    const stop = await until(
      () => {
        const i = this.got.indexOf(end, from, 'latin1');
        return i >= 0 ? i + end.length : undefined;
      },
      5_000,
      what,
    );
    return this.got.subarray(from, stop).toString('latin1');
  }

  /** Sends a text protocol's frame and waits for the service's next `end`-terminated answer. */
  async sendText(frame: Buffer | string, end = '#'): Promise<string> {
    const from = this.got.length;
    this.socket.write(frame);
    return this.text(from, end);
  }

  /** Sends a frame and waits for the service's next whole frame, cut by the codec's framer. */
  async frame(frame: Buffer, codec: { framer(): Framer }): Promise<Buffer> {
    const from = this.got.length;
    this.socket.write(frame);
    const reply = await until(() => codec.framer().push(this.got.subarray(from))[0], 5_000, 'the reply');
    return reply!;
  }
}
