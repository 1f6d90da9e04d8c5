import { describe, expect, it } from 'vitest';
import { teltonika } from '../../../src/server/protocols/teltonika';
import { ProtocolError } from '../../../src/server/protocols/types';
import { MAX_FRAME, TeltonikaFramer, TeltonikaReplyFramer } from '../../../src/shared/protocols/teltonika/framer';
import { codec12, CODEC12_COMMAND, imeiFrame, recordCount } from '../../../src/shared/protocols/teltonika/packet';
import { fuzz } from './codec-fuzz';
import { resealTeltonika, TELTONIKA, TELTONIKA_FRAMES } from './fixtures/teltonika';

/**
 * Teltonika framing (docs/protocols.md, teltonika): the IMEI frame first, then packets, split
 * over TCP segments, several in one, garbage between them, oversized ones; and a fuzz of the
 * framer and decoder together.
 */
const hexes = (frames: Buffer[]) => frames.map((f) => f.toString('hex'));

describe('Teltonika framing', () => {
  it('cuts the IMEI frame, then packets, byte by byte', () => {
    const framer = teltonika.framer();
    const stream = Buffer.concat([TELTONIKA.imei, TELTONIKA.vienna, TELTONIKA.three]);
    const out: Buffer[] = [];
    for (const b of stream) out.push(...framer.push(Buffer.from([b])));
    expect(hexes(out)).toEqual(hexes([TELTONIKA.imei, TELTONIKA.vienna, TELTONIKA.three]));
    expect(framer.pending()).toBe(0);
    expect(framer.dropped!()).toBe(0);
  });

  it('takes several frames from one chunk and holds a partial one', () => {
    const framer = teltonika.framer();
    const all = Buffer.concat([TELTONIKA.imei, TELTONIKA.docCodec8, TELTONIKA.alarmButton.subarray(0, 30)]);
    expect(hexes(framer.push(all))).toEqual(hexes([TELTONIKA.imei, TELTONIKA.docCodec8]));
    expect(framer.pending()).toBe(30);
    expect(hexes(framer.push(TELTONIKA.alarmButton.subarray(30)))).toEqual(hexes([TELTONIKA.alarmButton]));
    expect(framer.pending()).toBe(0);
  });

  it('takes a packet as the first frame (the decode tool reads one packet a line)', () => {
    expect(hexes(teltonika.framer().push(TELTONIKA.vienna))).toEqual(hexes([TELTONIKA.vienna]));
  });

  it('takes an IMEI frame only first: afterwards such bytes are garbage, skipped to the next packet', () => {
    const framer = teltonika.framer();
    framer.push(TELTONIKA.imei);
    const junk = Buffer.from('000f3132330102ff', 'hex');
    expect(hexes(framer.push(Buffer.concat([junk, TELTONIKA.vienna])))).toEqual(hexes([TELTONIKA.vienna]));
    expect(framer.dropped!()).toBe(junk.length);
    expect(framer.dropped!()).toBe(0);
  });

  it('passes a packet with a wrong CRC to the decoder, which accepts and marks it', () => {
    const wrong = Buffer.from(TELTONIKA.vienna);
    wrong[wrong.length - 2] = wrong[wrong.length - 2]! ^ 0x55;
    const frames = teltonika.framer().push(wrong);
    expect(frames).toHaveLength(1);
    expect(teltonika.decode(frames[0]!, { state: {} }, 0).irregular).toEqual(['checksumMismatch']);
  });

  it('refuses an oversized packet, an oversized IMEI frame, and a stream of garbage', () => {
    const big = Buffer.alloc(12);
    big.writeUInt32BE(MAX_FRAME, 4);
    big[8] = 0x08;
    expect(() => teltonika.framer().push(big)).toThrow(ProtocolError);
    expect(() => teltonika.framer().push(Buffer.from('0100', 'hex'))).toThrow(/IMEI frame/);
    const framer = new TeltonikaFramer(256);
    framer.push(TELTONIKA.imei);
    expect(() => framer.push(Buffer.alloc(300, 0x41))).toThrow(/no Teltonika packet/);
  });

  it('skips a preamble whose codec id is unknown, and zeros before a packet', () => {
    const framer = teltonika.framer();
    framer.push(TELTONIKA.imei);
    const bad = Buffer.from('00000000000000100900', 'hex');
    const out = framer.push(Buffer.concat([bad, Buffer.alloc(3), TELTONIKA.docCodec8]));
    expect(hexes(out)).toEqual(hexes([TELTONIKA.docCodec8]));
    expect(framer.dropped!()).toBe(bad.length + 3);
  });

  it("reads the service's replies on the device's side: 01, counts, codec 12 commands", () => {
    const framer = new TeltonikaReplyFramer();
    const command = codec12(CODEC12_COMMAND, 'getinfo');
    const stream = Buffer.concat([Buffer.from([1]), recordCount(3), command, recordCount(1)]);
    const out: Buffer[] = [];
    for (const b of stream) out.push(...framer.push(Buffer.from([b])));
    expect(hexes(out)).toEqual(['01', '00000003', command.toString('hex'), '00000001']);
    expect(imeiFrame('123456789012345').toString('hex')).toBe(TELTONIKA.imei.toString('hex'));
  });

  it('survives a fuzz: only ProtocolError escapes, every uplink passes the schema', () => {
    const result = fuzz({
      codec: teltonika,
      corpus: TELTONIKA_FRAMES,
      reseal: resealTeltonika,
      runs: 5_000,
      seed: 5027,
    });
    expect(result.escaped.slice(0, 5)).toEqual([]);
    expect(result.invalid.slice(0, 5)).toEqual([]);
    expect(result.decoded).toBeGreaterThan(1_000);
  });
});
