import { describe, expect, it } from 'vitest';
import { h02 } from '../../../src/server/protocols/h02';
import { newSession, ProtocolError } from '../../../src/server/protocols/types';
import { h02Frames } from '../../../src/shared/protocols/h02/build';
import { h02Voice } from '../../../src/sim/protocols/voices/h02';

/** docs/protocols.md#h02 "Commands": Traccar's H02ProtocolEncoder frames, and their V4 answers as acks. */
const AT = Date.UTC(2026, 10, 28, 1, 2, 3);
const fix = { lat: 22.2146, lon: 113.7776, at: AT };

function session() {
  const s = newSession();
  s.imei = '123456789012345';
  return s;
}

describe('H02 commands', () => {
  it("encodes as Traccar's encoder test expects: the send time right after the word", () => {
    const s = session();
    const send = (cmd: string, params: Record<string, unknown> = {}, id = 1) =>
      h02.encode({ id, cmd, params }, s, AT)?.toString('latin1');
    expect(send('relay', { on: true })).toBe('*HQ,123456789012345,S20,010203,1,1#');
    expect(send('relay', { on: false })).toBe('*HQ,123456789012345,S20,010203,1,0#');
    expect(send('setInterval', { seconds: 10 })).toBe('*HQ,123456789012345,S71,010203,22,10#');
    expect(send('locate')).toBe('*HQ,123456789012345,R1,010203#');
    expect(send('custom', { text: 'SCF,010203,0,0' })).toBe('*HQ,123456789012345,SCF,010203,0,0#');
    expect(send('custom', { text: '*HQ,123456789012345,D1,010203,30,1#' })).toBe('*HQ,123456789012345,D1,010203,30,1#');
    expect(h02.commands).toEqual(['locate', 'setInterval', 'relay', 'custom']);
    expect(send('restart')).toBeUndefined();
    expect(send('broadcast', { text: 'hi' })).toBeUndefined();
    expect(() => send('setInterval', { seconds: 5 })).toThrow(ProtocolError);
    expect(() => send('relay', {})).toThrow(ProtocolError);
    expect(() => send('custom', { text: 'S20,1#,1' })).toThrow(ProtocolError);
  });

  it('turns the V4 answer naming the word and time into an ack, once; ERROR is a failure', () => {
    const s = session();
    h02.encode({ id: 41, cmd: 'relay', params: { on: true } }, s, AT);
    h02.encode({ id: 42, cmd: 'relay', params: { on: false } }, s, AT + 5_000);
    const answer = (result: string, sentAt: string) =>
      h02.decode(h02Frames.answer('123456789012345', 'S20', [result], sentAt, fix), s, AT + 10_000);
    // The second command's answer first: matched by its time.
    const second = answer('DONE', '010208');
    expect(second.uplinks.filter((u) => u.kind === 'ack')).toEqual([
      { kind: 'ack', ts: AT + 10_000, ref: 42, ok: true, msg: 'DONE' },
    ]);
    expect(second.uplinks[0]).toMatchObject({ kind: 'location' });
    const first = answer('ERROR', '010203');
    expect(first.uplinks.filter((u) => u.kind === 'ack')).toEqual([
      { kind: 'ack', ts: AT + 10_000, ref: 41, ok: false, msg: 'ERROR' },
    ]);
    expect(answer('DONE', '010203').uplinks.filter((u) => u.kind === 'ack')).toEqual([]);
  });

  it('an answer without the time acks the oldest command under its word; a position answers a position request', () => {
    const s = session();
    h02.encode({ id: 7, cmd: 'setInterval', params: { seconds: 30 } }, s, AT);
    const d = h02.decode(Buffer.from('*HQ,123456789012345,V4,S71,22,30#'), s, AT);
    expect(d.uplinks).toEqual([{ kind: 'ack', ts: AT, ref: 7, ok: true, msg: '22,30' }]);
    h02.encode({ id: 8, cmd: 'locate', params: {} }, s, AT);
    const pos = h02.decode(h02Frames.position('123456789012345', fix), s, AT);
    expect(pos.uplinks.filter((u) => u.kind === 'ack')).toEqual([
      { kind: 'ack', ts: AT, ref: 8, ok: true, msg: 'V1 position' },
    ]);
  });
});

describe("the simulator's H02 voice against the codec", () => {
  it('logs in with a V1 without a fix, reads the answers, and answers a command V4 so it is acknowledged', () => {
    const imei = '868120123456789';
    const voice = h02Voice(imei);
    const s = newSession();
    const now = Date.UTC(2026, 10, 28, 9, 0, 0);
    const login = h02.decode(voice.login({ battery: 80, steps: 0 })!, s, now);
    expect(login).toMatchObject({ imei, uplinks: [] });
    s.imei = imei;
    expect(voice.read(login.reply!)).toEqual({ kind: 'ready' });
    const said = voice.position(
      { lat: 22.5431, lon: 114.0579, speed: 30, heading: 45, at: now },
      { battery: 80, steps: 0 },
    );
    const pos = h02.decode((said as { frame: Buffer }).frame, s, now);
    expect(pos.uplinks[0]).toMatchObject({ kind: 'location', ts: now, valid: true, heading: 45 });
    const sos = h02.decode(
      voice.alarm({ lat: 22.5431, lon: 114.0579, at: now }, 'sos', { battery: 80, steps: 0 }),
      s,
      now,
    );
    expect(sos.uplinks.filter((u) => u.kind === 'alarm')).toEqual([{ kind: 'alarm', ts: now, alarm: 'sos' }]);
    const hb = h02.decode(voice.heartbeat({ battery: 55, steps: 0 })!, s, now);
    expect(hb.uplinks).toEqual([{ kind: 'status', ts: now, battery: 55 }]);
    expect(voice.read(hb.reply!)).toEqual({ kind: 'ack' });
    const command = h02.encode({ id: 99, cmd: 'relay', params: { on: false } }, s, now)!;
    const heard = voice.read(command);
    expect(heard.kind).toBe('answer');
    const answered = h02.decode((heard as { frame: Buffer }).frame, s, now);
    expect(answered.uplinks.filter((u) => u.kind === 'ack')).toEqual([
      { kind: 'ack', ts: now, ref: 99, ok: true, msg: 'DONE' },
    ]);
  });
});
