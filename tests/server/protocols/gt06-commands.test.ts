import { describe, expect, it } from 'vitest';
import { gt06 } from '../../../src/server/protocols/gt06';
import { packet } from '../../../src/shared/protocols/gt06/packet';
import { newSession, ProtocolError } from '../../../src/server/protocols/types';
import { decode, hex, NOW, shortReply, x25 } from './gt06-helpers';

/**
 * The GT06 codec (docs/protocols.md, gt06): requests the service answers, answers to commands, and the commands sent.
 */

describe('GT06 decoding', () => {
  it('answers an address request (0x2A English) with an empty address in a long 0x97 packet, 0x1A with a short 0x17', () => {
    const frame =
      '78782E2A0F0C1D071139CA027AC8000C4658000014D83132353230313335333231373730373900000000000001002A6ECE0D0A';
    const d = decode(frame);
    expect(d.uplinks[0]).toMatchObject({
      kind: 'location',
      ts: Date.UTC(2015, 11, 29, 7, 17, 57),
      heading: 216,
      satellites: 10,
    });
    // 7979, length 0x15, 0x97, text length 11, server flag 0, "NA&&NA&&0##", the request's serial, CRC, 0D0A.
    const content = [0x00, 0x15, 0x97, 11, 0, 0, 0, 0, ...Buffer.from('NA&&NA&&0##'), 0x00, 0x2a];
    const crc = x25(Uint8Array.from(content));
    expect(d.reply!.toString('hex')).toBe(
      Buffer.from([0x79, 0x79, ...content, crc >> 8, crc & 0xff, 0x0d, 0x0a]).toString('hex'),
    );
    const chinese = Buffer.from(hex(frame).subarray(4, -6));
    const reply = decode(packet(0x1a, 0x2a, chinese).toString('hex')).reply!;
    expect(reply.subarray(0, 4).toString('hex')).toBe('78781517');
    expect(reply.subarray(4, 20)).toEqual(Buffer.from(content.slice(3, 19)));
  });

  it('answers a time request (0x8A) with the UTC date and time', () => {
    const d = decode('7878058A000688290D0A');
    const body = [0x0b, 0x8a, 26, 11, 26, 18, 0, 0, 0x00, 0x06];
    const crc = x25(Uint8Array.from(body));
    expect(d.reply!.toString('hex')).toBe(
      Buffer.from([0x78, 0x78, ...body, crc >> 8, crc & 0xff, 0x0d, 0x0a]).toString('hex'),
    );
    expect(d.uplinks).toEqual([]);
  });

  it('reads the ICCID a device reports on its own (0x15, server flag 0)', () => {
    const d = decode('7878281520000000003c49434349443a38393838323339303030303039373330323635303e00020d446f260d0a');
    expect(d.uplinks).toEqual([{ kind: 'status', iccid: '89882390000097302650' }]);
    expect(d.reply).toBeUndefined();
  });

  it('turns the answer to a command into an ack, once', () => {
    const session = newSession();
    gt06.encode({ id: 501, cmd: 'locate', params: {} }, session, NOW);
    const text = Buffer.from('Lat:N23.111682,Lon:E114.409238');
    const content = Buffer.concat([Buffer.from([4 + text.length, 0, 0, 0, 1]), text, Buffer.from([0, 2])]);
    const frame = packet(0x15, 3, content).toString('hex');
    expect(decode(frame, session).uplinks).toEqual([
      { kind: 'ack', ref: 501, ok: true, msg: 'Lat:N23.111682,Lon:E114.409238' },
    ]);
    expect(decode(frame, session).uplinks).toEqual([]);
  });

  it('forgets the oldest unanswered commands past 64, so a silent device cannot grow its session', () => {
    const session = newSession();
    for (let id = 1; id <= 70; id++) gt06.encode({ id, cmd: 'locate', params: {} }, session, NOW);
    const answer = (flag: number) =>
      decode(
        packet(0x15, 1, Buffer.concat([Buffer.from([6, 0, 0, 0, flag]), Buffer.from('OK')])).toString('hex'),
        session,
      ).uplinks;
    expect(answer(1)).toEqual([]);
    expect(answer(70)).toEqual([{ kind: 'ack', ref: 70, ok: true, msg: 'OK' }]);
  });

  it('reads a long command answer (0x21) in UTF-16', () => {
    const unasked = decode('797900262100000000020043006f006d006d0061006e00640020006500720072006f0072002100236e850d0a');
    expect(unasked.uplinks).toEqual([]);
    expect(unasked.summary).toContain('Command error!');
    const session = newSession();
    gt06.encode({ id: 9, cmd: 'restart', params: {} }, session, NOW);
    const text = Buffer.from('\0O\0K', 'latin1');
    const frame = packet(0x21, 4, Buffer.concat([Buffer.from([0, 0, 0, 1, 2]), text]), true).toString('hex');
    expect(decode(frame, session).uplinks).toEqual([{ kind: 'ack', ref: 9, ok: true, msg: 'OK' }]);
    // A long answer is cut to 200 characters, never inside a surrogate pair.
    gt06.encode({ id: 10, cmd: 'restart', params: {} }, session, NOW);
    const emoji = Buffer.from('x' + '😀'.repeat(150), 'utf16le').swap16();
    const long = decode(
      packet(0x21, 5, Buffer.concat([Buffer.from([0, 0, 0, 2, 2]), emoji]), true).toString('hex'),
      session,
    );
    expect((long.uplinks[0] as { msg: string }).msg).toBe('x' + '😀'.repeat(99));
  });

  it('echoes short packets it does not read, but not long ones', () => {
    expect(decode(packet(0x57, 12).toString('hex'))).toMatchObject({ uplinks: [], reply: hex(shortReply(0x57, 12)) });
    expect(decode(packet(0x94, 12, Uint8Array.from([0x0a]), true).toString('hex')).reply).toBeUndefined();
  });
});

describe('GT06 commands', () => {
  /** An online command worked out by hand: 7878, length, 0x80, command length, server flag, ASCII, serial, CRC, 0D0A. */
  function command(flag: number, text: string): string {
    const body = [
      1 + 1 + 4 + text.length + 2 + 2,
      0x80,
      4 + text.length,
      0,
      0,
      flag >> 8,
      flag & 0xff,
      ...Buffer.from(text),
      flag >> 8,
      flag & 0xff,
    ];
    const crc = x25(Uint8Array.from(body));
    return Buffer.from([0x78, 0x78, ...body, crc >> 8, crc & 0xff, 0x0d, 0x0a]).toString('hex');
  }

  it('encodes each command as an 0x80 packet under a new server flag', () => {
    const session = newSession();
    const send = (cmd: string, params: Record<string, unknown> = {}) =>
      gt06.encode({ id: 1, cmd, params }, session, NOW)!.toString('hex');
    expect(send('locate')).toBe(command(1, 'WHERE#'));
    expect(send('restart')).toBe(command(2, 'RESET#'));
    expect(send('setInterval', { seconds: 60 })).toBe(command(3, 'TIMER,60#'));
    expect(send('relay', { on: true })).toBe(command(4, 'RELAY,1#'));
    expect(send('relay', { on: false })).toBe(command(5, 'RELAY,0#'));
    expect(send('custom', { text: 'STATUS#' })).toBe(command(6, 'STATUS#'));
  });

  it('has no other commands, and refuses bad parameters', () => {
    const session = newSession();
    expect(gt06.commands).toEqual(['locate', 'restart', 'setInterval', 'relay', 'custom']);
    expect(gt06.encode({ id: 1, cmd: 'broadcast', params: { text: 'hi' } }, session, NOW)).toBeUndefined();
    expect(() => gt06.encode({ id: 1, cmd: 'setInterval', params: { seconds: 5 } }, session, NOW)).toThrow(
      ProtocolError,
    );
    expect(() => gt06.encode({ id: 1, cmd: 'relay', params: {} }, session, NOW)).toThrow(ProtocolError);
    expect(() => gt06.encode({ id: 1, cmd: 'custom', params: { text: '定位#' } }, session, NOW)).toThrow(ProtocolError);
    expect(() => gt06.encode({ id: 1, cmd: 'custom', params: { text: 'x'.repeat(201) } }, session, NOW)).toThrow(
      ProtocolError,
    );
  });
});
