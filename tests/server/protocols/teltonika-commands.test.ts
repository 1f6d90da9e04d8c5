import { describe, expect, it } from 'vitest';
import { teltonika } from '../../../src/server/protocols/teltonika';
import { newSession, ProtocolError } from '../../../src/server/protocols/types';
import { codec12, CODEC12_RESPONSE } from '../../../src/shared/protocols/teltonika/packet';
import { TELTONIKA } from './fixtures/teltonika';
import { arc, decode } from './teltonika-helpers';

/**
 * Teltonika commands (docs/protocols.md, teltonika): codec 12 packets of type 0x05 with the
 * command text; the device's codec 12 responses acknowledge them oldest first.
 */
describe('Teltonika commands', () => {
  it("sends getinfo as Teltonika's document shows it", () => {
    const frame = teltonika.encode({ id: 1, cmd: 'custom', params: { text: 'getinfo' } }, newSession(), 0)!;
    expect(frame.toString('hex')).toBe('000000000000000f0c010500000007676574696e666f0100004312');
    expect(arc(frame.subarray(8, frame.length - 4))).toBe(0x4312);
  });

  it("says locate, restart and the relay in the device's commands", () => {
    const text = (cmd: string, params: Record<string, unknown> = {}) => {
      const f = teltonika.encode({ id: 1, cmd, params }, newSession(), 0)!;
      return f.toString('latin1', 15, 15 + f.readUInt32BE(11));
    };
    expect(text('locate')).toBe('getgps');
    expect(text('restart')).toBe('cpureset');
    expect(text('relay', { on: true })).toBe('setdigout 1');
    expect(text('relay', { on: false })).toBe('setdigout 0');
    expect(teltonika.encode({ id: 1, cmd: 'broadcast', params: { text: 'hi' } }, newSession(), 0)).toBeUndefined();
    expect(() => teltonika.encode({ id: 1, cmd: 'relay', params: {} }, newSession(), 0)).toThrow(ProtocolError);
    expect(() => teltonika.encode({ id: 1, cmd: 'custom', params: { text: 'a\nb' } }, newSession(), 0)).toThrow(
      ProtocolError,
    );
    expect(teltonika.commands).toEqual(['locate', 'restart', 'relay', 'custom']);
    expect(teltonika.acknowledges).toBe(true);
  });

  it('acknowledges commands oldest first with the response text', () => {
    const session = newSession();
    teltonika.encode({ id: 7, cmd: 'custom', params: { text: 'getinfo' } }, session, 0);
    teltonika.encode({ id: 8, cmd: 'locate', params: {} }, session, 0);
    const first = decode(TELTONIKA.docGetinfoResponse, session);
    expect(first.uplinks).toHaveLength(1);
    expect(first.uplinks[0]).toMatchObject({ kind: 'ack', ref: 7, ok: true });
    expect((first.uplinks[0] as { msg: string }).msg).toMatch(/^INI:2019\/7\/22 7:22 RTC/);
    const second = decode(codec12(CODEC12_RESPONSE, 'GPS:1 Sat:7 Lat:54.667 Long:25.255'), session);
    expect(second.uplinks).toEqual([{ kind: 'ack', ref: 8, ok: true, msg: 'GPS:1 Sat:7 Lat:54.667 Long:25.255' }]);
    // Nothing waits any more.
    expect(decode(TELTONIKA.axleResponse, session).uplinks).toEqual([]);
  });
});
