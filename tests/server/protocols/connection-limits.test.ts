/**
 * The device ports' limits on bad input (docs/protocols.md "Limits"), on a Connection fed by a
 * stand-in socket and a clock the test moves: bytes that start no frame count as bad input and
 * close the connection as undecodable frames do, and a frame left half-sent closes at `partialS`
 * however slowly it trickles in. Nothing here waits for real time.
 */
import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { Connection, DEFAULT_LIMITS, type ConnectionHost } from '../../../src/server/protocols/connection';
import { CODECS } from '../../../src/server/protocols/registry';
import type { StreamCodec } from '../../../src/server/protocols/types';
import { MAX_FRAME as WATCH_MAX_FRAME } from '../../../src/shared/protocols/watch/frame';
import { watch } from '../../../src/server/protocols/watch';
import { ascii } from './watch-helpers';

/** The socket surface a Connection uses; `data` is delivered synchronously, as a test step. */
class FakeSocket extends EventEmitter {
  readonly remoteAddress = '192.0.2.7';
  destroyed = false;
  written: Buffer[] = [];
  setNoDelay(): this {
    return this;
  }
  setTimeout(): this {
    return this;
  }
  pause(): this {
    return this;
  }
  resume(): this {
    return this;
  }
  write(b: Buffer): boolean {
    this.written.push(b);
    return true;
  }
  end(): this {
    this.destroyed = true;
    return this;
  }
  destroy(): this {
    if (!this.destroyed) {
      this.destroyed = true;
      this.emit('close');
    }
    return this;
  }
}

function open(codec: StreamCodec) {
  let now = Date.UTC(2026, 0, 1);
  const errors: string[] = [];
  const host: ConnectionHost = {
    bind: async () => 'bound',
    store: (_c, _f, _d, settle) => settle('stored'),
    media: () => {},
    irregular: async () => true,
    logged: (_c, _dir, _frame, error) => void (error && errors.push(error)),
    closed: () => {},
  };
  const socket = new FakeSocket();
  const conn = new Connection(codec, socket as unknown as Socket, host, DEFAULT_LIMITS, () => now);
  return {
    conn,
    socket,
    errors,
    send: (b: Buffer | string) => socket.emit('data', typeof b === 'string' ? ascii(b) : b),
    advance: (ms: number) => void (now += ms),
  };
}

describe('device port limits', () => {
  it('counts bytes without a frame start as bad input: a stream of them closes at the bad-frame limit', () => {
    for (const codec of [CODECS.watch, CODECS.jt808, CODECS.gt06]) {
      const c = open(codec);
      for (let i = 1; i < DEFAULT_LIMITS.maxErrors; i++) {
        c.send(`GET /${i} HTTP/1.1 Host: x User-Agent: probe`);
        expect(c.socket.destroyed, `${codec.name} after ${i} chunks`).toBe(false);
      }
      c.send('GET / HTTP/1.1 Host: x');
      expect(c.socket.destroyed, codec.name).toBe(true);
      expect(c.errors).toHaveLength(DEFAULT_LIMITS.maxErrors);
      expect(c.errors[0]).toMatch(/bytes without a frame start/);
    }
  });

  it('counts a large run of garbage by the protocol largest frame, and line ends between watch frames not at all', () => {
    const c = open(CODECS.watch);
    c.send(Buffer.alloc(WATCH_MAX_FRAME * (DEFAULT_LIMITS.maxErrors - 1), 0x41));
    expect(c.socket.destroyed).toBe(false);
    c.send(Buffer.alloc(WATCH_MAX_FRAME, 0x41));
    expect(c.socket.destroyed).toBe(true);

    const w = open(CODECS.watch);
    for (let i = 0; i < DEFAULT_LIMITS.maxErrors * 2; i++) w.send('[3G*9705141740*0009*LK,0,0,53]\r\n');
    expect(w.socket.destroyed).toBe(false);
    expect(w.errors).toEqual([]);
  });

  it('closes a watch frame half-sent for 30 s, sent a little every second, at 30 s and not before', () => {
    expect(DEFAULT_LIMITS.partialS).toBe(30);
    const c = open(CODECS.watch);
    c.send('[3G*9705141740*FFFF*UD,');
    // 2 KB a second: 60 KB by the limit, under the frame size limit, so only the time can close it.
    for (let s = 1; s < 30; s++) {
      c.advance(1_000);
      c.send(Buffer.alloc(2_048, 0x41));
      expect(c.socket.destroyed, `at ${s} s`).toBe(false);
    }
    c.advance(1_000);
    c.send(Buffer.alloc(2_048, 0x41));
    expect(c.socket.destroyed).toBe(true);
  });

  it('gives each frame its own 30 s: one that ends resets the count for the next', () => {
    const c = open(CODECS.watch);
    c.send('[3G*9705141740*0009*LK,');
    c.advance(20_000);
    // The first frame ends and the next begins in the same chunk.
    c.send('0,0,53][3G*9705141740*0009*LK,');
    c.advance(29_000);
    c.send('0');
    expect(c.socket.destroyed).toBe(false);
    c.advance(1_000);
    c.send(',');
    expect(c.socket.destroyed).toBe(true);
  });
});

describe('watch framer, incremental', () => {
  it('frames a stream cut anywhere the same as in one piece', () => {
    const stream = ascii(
      'noise[3G*9705141740*0009*LK,0,0,53]\r\n[SG*8800000015*0002*LK][x*y]' +
        '[3G*9705141740*005A*UD,190723,190707,A,36.815109,N,10.1792312,E,8.24,127.9,21.0,5,100,53,0,0,00000000,0,0,58.0]' +
        '[ZJ*014111001350304*0034*0009*LK,0,0,19]',
    );
    const whole = watch.framer().push(stream);
    expect(whole).toHaveLength(4);
    for (const size of [1, 2, 3, 7, 16]) {
      const framer = watch.framer();
      const got: Buffer[] = [];
      for (let i = 0; i < stream.length; i += size) got.push(...framer.push(stream.subarray(i, i + size)));
      expect(got, `cut every ${size}`).toEqual(whole);
      expect(framer.pending()).toBe(0);
    }
  });
});
