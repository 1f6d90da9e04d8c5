import { describe, expect, it } from 'vitest';
import { jt808 } from '../../../src/server/protocols/jt808';
import type { Session } from '../../../src/server/protocols/types';
import { BODY_TIME, decode, hex, location, locationBody, PHONE, wire } from './jt808-helpers';

/**
 * How JT/T 808 terminals on the market frame their messages and name themselves (docs/protocols.md,
 * jt808): the framing leniencies a terminal on the market needs, named in `irregular`; the 0xE7
 * framing; the forms a terminal number may be registered under. Frames are Traccar's published
 * decoder test frames (real terminals) or built here from the layouts; jt808-vendor-items.test.ts
 * has what the vendors put in the messages.
 */

const ts = BODY_TIME;

describe('JT/T 808 framing leniencies', () => {
  it('accepts a wrong check code, named checksumMismatch, and stores what the frame carries', () => {
    const frame = location(0, 2, 'fe0155');
    const check = frame.length - 2;
    frame[check] = frame[check]! ^ 0x01;
    expect([0x7d, 0x7e]).not.toContain(frame[check]);
    const d = decode(frame);
    expect(d.irregular).toEqual(['checksumMismatch']);
    expect(d.uplinks.map((u) => u.kind)).toEqual(['location', 'status']);
    expect(d.uplinks[1]).toEqual({ kind: 'status', battery: 85, ts });
    expect(d.reply).toEqual(wire(0x8001, PHONE, 1, '0001020000'));
  });

  it('accepts a body length that disagrees with the body (longer and shorter), named lengthMismatch', () => {
    const body = locationBody(0, 2, '30011f');
    for (const props of [0x10, 0x3ff]) {
      const d = decode(wire(0x0200, PHONE, 1, body, undefined, 0x7e, props));
      expect(d.irregular).toEqual(['lengthMismatch']);
      expect(d.uplinks[1]).toEqual({ kind: 'status', signal: 4, ts });
    }
  });

  it('reads a published frame cut short: its check code and body length both wrong', () => {
    const d = decode(
      '7E02000032013511221122000700000000000C000301578CC006CA3A5C00470000000014072317201501040000000030011631010BD07E',
    );
    expect(d.irregular).toEqual(['checksumMismatch', 'lengthMismatch']);
    expect(d.uplinks[0]).toMatchObject({ kind: 'location', lat: 22.51488, lon: 113.916508, satellites: 11 });
  });

  it('reads a body whose RSA-encryption bit is set as the plain body it is, named encryptionBit', () => {
    const body = locationBody(0, 2, 'fe0150');
    const d = decode(wire(0x0200, PHONE, 1, body, undefined, 0x7e, hex(body).length | 0x0400));
    expect(d.irregular).toEqual(['encryptionBit']);
    expect(d.uplinks[1]).toEqual({ kind: 'status', battery: 80, ts });
  });

  it('drops a 0x7d followed by a byte other than 01/02 with that byte, named badEscape', () => {
    const clean = location(0, 2, 'fe0146');
    // The pair inside the items, the check code and length computed without it.
    const at = clean.length - 5;
    const frame = Buffer.concat([clean.subarray(0, at), hex('7d03'), clean.subarray(at)]);
    const d = decode(frame);
    expect(d.irregular).toEqual(['badEscape']);
    expect(d.uplinks[1]).toEqual({ kind: 'status', battery: 70, ts });
    // At the very end, before the flag: the escape alone is dropped.
    const tail = decode(Buffer.concat([clean.subarray(0, -1), hex('7d7e')]));
    expect(tail.irregular).toEqual(['badEscape']);
  });

  it('names nothing for a frame that keeps to the standard', () => {
    expect(decode(location(0, 2)).irregular).toBeUndefined();
  });
});

describe('JT/T 808 with the 0xE7 flag', () => {
  // The alternative framing carries a 7-byte terminal id.
  const id7 = '01380013800000';
  // Item 0xE7 (an alarm word) travels as E6 02; 0x3D as 3E 02.
  const frame = wire(
    0x0200,
    id7,
    0x3d,
    locationBody(0, 2, 'e708' + '0000' + '000000000000' + 'fe013e'),
    undefined,
    0xe7,
  );

  it('unescapes E6/3E, reads the 7-byte id and answers in the same framing', () => {
    expect(frame.toString('hex')).toContain('e602');
    expect(frame.toString('hex')).toContain('3e02');
    const d = decode(frame);
    expect(d.irregular).toBeUndefined();
    expect(d.imei).toBe(id7);
    expect(d.imeiCandidates).toEqual([id7, '1380013800000']);
    expect(d.uplinks[0]).toMatchObject({ kind: 'location', lat: 22.543096, lon: 114.057865 });
    expect(d.uplinks[1]).toEqual({ kind: 'status', battery: 62, ts });
    expect(d.reply).toEqual(wire(0x8001, id7, 1, '003d020000', undefined, 0xe7));
  });

  it('frames 0xE7 messages back to back, the first flag deciding the connection', () => {
    const framer = jt808.framer();
    const heartbeat = wire(0x0002, id7, 2, '', undefined, 0xe7);
    expect(framer.push(Buffer.concat([hex('0102'), frame, heartbeat, frame.subarray(0, 9)]))).toEqual([
      frame,
      heartbeat,
    ]);
    expect(framer.push(frame.subarray(9))).toEqual([frame]);
  });
});

describe('JT/T 808 identity', () => {
  it('names a terminal number as sent (label form), then without leading zeros', () => {
    const d = decode(wire(0x0002, '013912345678', 1, ''));
    expect(d.imei).toBe('013912345678');
    expect(d.imeiCandidates).toEqual(['013912345678', '13912345678']);
    // Nothing to strip: one form.
    const plain = decode(wire(0x0002, '413056480105', 1, ''));
    expect(plain.imei).toBe('413056480105');
    expect(plain.imeiCandidates).toBeUndefined();
  });

  it('names a 2019 terminal by its 20 digits, the 12-digit form and both without leading zeros (a published registration)', () => {
    const d = decode(
      '7e0100405c010000086649607758216452180000000000000000000000000000004d443330300000000000000000000000000000000000000000000000000038363634393630373735383231363400000000000000000000000000000004000000000000000000000000000000007a7e',
    );
    expect(d.login).toBe('register');
    expect(d.imeiCandidates).toEqual(['00000866496077582164', '496077582164', '866496077582164']);
  });

  it('reads a terminal id that is not BCD as the IMEI it encodes, with its Luhn digit', () => {
    // 49015420323751 is 0x2C944AB787A7; its IMEI's Luhn digit is 8.
    const d = decode(wire(0x0002, '2c944ab787a7', 1, ''));
    expect(d.imei).toBe('490154203237518');
    expect(d.imeiCandidates).toEqual(['490154203237518', '2c944ab787a7']);
  });

  it('names a bound connection by the form its device is registered under', () => {
    const session: Session = { imei: '13912345678', state: {} };
    expect(decode(wire(0x0200, '013912345678', 1, locationBody(0, 2)), session).imei).toBe('13912345678');
    const other: Session = { imei: '13912345679', state: {} };
    expect(decode(wire(0x0200, '013912345678', 1, locationBody(0, 2)), other).imei).toBe('013912345678');
  });
});
