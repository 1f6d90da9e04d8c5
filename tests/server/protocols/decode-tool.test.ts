import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { packet } from '../../../src/shared/protocols/gt06/packet';
import { LineDecoder } from '../../../src/server/protocols/decode';
import { CODECS } from '../../../src/server/protocols/registry';
import { ProtocolError, type Decoded, type StreamCodec } from '../../../src/server/protocols/types';
import { gt06Frames, Jt808Terminal, osmandUri, watchFrames } from '../../../src/sim/protocols/frames';

const run = promisify(execFile);
const root = new URL('../../..', import.meta.url).pathname;

/** `npm run --silent decode -- <args>` with `input` on standard input: its output lines and exit code. */
async function decode(
  args: string[],
  input: string,
): Promise<{ lines: Record<string, unknown>[]; raw: string; code: number }> {
  const child = run('npm', ['run', '--silent', 'decode', '--', ...args], { cwd: root, timeout: 60_000 });
  child.child.stdin!.end(input);
  let raw: string;
  let code = 0;
  try {
    raw = (await child).stdout;
  } catch (err) {
    const e = err as { stdout?: string; code?: number };
    raw = e.stdout ?? '';
    code = e.code ?? -1;
  }
  // --encode prints hex, the decoding JSON lines.
  const json = raw.startsWith('{');
  return {
    raw,
    lines: json
      ? raw
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Record<string, unknown>)
      : [],
    code,
  };
}

const at = Date.UTC(2026, 10, 26, 8, 30, 0);
const fix = { lat: 22.5431, lon: 114.0579, speed: 12, heading: 90, at, satellites: 7 };

/** docs/protocols.md "Decode tool": the contract support staff and integrators rely on. */
describe('npm run decode', () => {
  it('prints one JSON line per line; a login carries its identifier to the next lines; an empty line starts a new connection', async () => {
    const imei = '868120123456789';
    const hex = (b: Buffer) => b.toString('hex');
    const input =
      [
        hex(gt06Frames.login(imei, 1)).toUpperCase(),
        hex(gt06Frames.location(2, fix)).replace(/(..)/g, '$1 '),
        'not hex',
        '',
        hex(gt06Frames.location(3, fix)),
      ].join('\n') + '\n';
    const { lines, code } = await decode(['--protocol', 'gt06'], input);
    expect(code).toBe(0);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toEqual({ imei, uplinks: [], reply: hex(packet(0x01, 1)) });
    expect(lines[1]).toMatchObject({ imei, reply: hex(packet(0x12, 2)) });
    expect(lines[1]!.uplinks).toEqual([
      expect.objectContaining({
        kind: 'location',
        ts: at,
        valid: true,
        satellites: 7,
        speed: 12,
        heading: 90,
        source: 'gps',
        cells: [{ mcc: 460, mnc: 0, lac: 0x2796, cid: 0x1f6f }],
      }),
    ]);
    expect(lines[2]).toMatchObject({ imei, uplinks: [], reply: null, error: expect.any(String) });
    // After the empty line: a new connection, no login yet.
    expect(lines[3]).toMatchObject({ imei: null, reply: hex(packet(0x12, 3)) });
  }, 60_000);

  it('decodes watch, JT/T 808 and OsmAnd lines, and never stops on a bad one', async () => {
    const imei = '868120123456780';
    const watch = await decode(
      ['--protocol', 'watch'],
      `${watchFrames.link(imei, 80).toString('hex')}\n${watchFrames.alarm(imei, fix, 70, 'sos').toString('hex')}\n7e00\n`,
    );
    expect(watch.lines).toHaveLength(3);
    expect(watch.lines[0]).toMatchObject({ imei, reply: Buffer.from(`[SG*${imei}*0002*LK]`).toString('hex') });
    expect(watch.lines[1]!.uplinks).toContainEqual(expect.objectContaining({ kind: 'alarm', alarm: 'sos' }));
    expect(watch.lines[2]).toMatchObject({ uplinks: [], reply: null, error: expect.any(String) });

    const term = new Jt808Terminal('13912345678');
    const jt = await decode(
      ['--protocol', 'jt808', '--auth-code', 'abc'],
      `${term.register().toString('hex')}\n${term.location(fix, true).toString('hex')}\n`,
    );
    expect(jt.lines).toHaveLength(2);
    // The terminal number as sent, leading zero kept (the gateway also tries it without).
    expect(jt.lines[0]).toMatchObject({ imei: '013912345678', uplinks: [] });
    // 0x8100 with result 0 and the code given.
    expect(String(jt.lines[0]!.reply)).toMatch(/^7e8100/);
    expect(String(jt.lines[0]!.reply)).toContain(Buffer.from('abc').toString('hex'));
    expect(jt.lines[1]!.uplinks).toContainEqual(expect.objectContaining({ kind: 'alarm', alarm: 'sos' }));

    const req = (uri: string) => JSON.stringify({ method: 'GET', uri, headers: {}, body: '' });
    const osm = await decode(
      ['--protocol', 'osmand'],
      `${req(osmandUri(imei, fix, 50))}\n${req('/?lat=1&lon=2')}\n{bad json\n`,
    );
    expect(osm.lines).toHaveLength(3);
    expect(osm.lines[0]).toMatchObject({ imei, reply: null });
    expect(osm.lines[0]!.uplinks).toContainEqual(
      expect.objectContaining({ kind: 'location', lat: 22.5431, lon: 114.0579, ts: at }),
    );
    expect(osm.lines[1]).toMatchObject({ imei: null, uplinks: [], error: expect.stringContaining('400') });
    expect(osm.lines[2]).toMatchObject({ uplinks: [], error: expect.any(String) });
  }, 90_000);

  it('a line of several whole frames (one TCP read): every uplink on the line in order, the replies concatenated', async () => {
    const imei = '868120123456781';
    const hex = (b: Buffer) => b.toString('hex');
    const input =
      [
        hex(gt06Frames.login(imei, 1)) + hex(gt06Frames.location(2, fix)) + hex(gt06Frames.location(3, fix)),
        // A bad frame between two good ones: named, and the good ones still decoded.
        hex(gt06Frames.location(4, fix)) + '7878' + hex(gt06Frames.location(5, fix)),
      ].join('\n') + '\n';
    const { lines, code } = await decode(['--protocol', 'gt06'], input);
    expect(code).toBe(0);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      imei,
      reply: hex(packet(0x01, 1)) + hex(packet(0x12, 2)) + hex(packet(0x12, 3)),
    });
    expect(lines[0]!.error).toBeUndefined();
    expect((lines[0]!.uplinks as { kind: string }[]).map((u) => u.kind)).toEqual(['location', 'location']);
    expect(lines[1]).toMatchObject({ imei });
    expect((lines[1]!.uplinks as { kind: string }[]).length).toBeGreaterThanOrEqual(1);
    expect(String(lines[1]!.reply)).toMatch(new RegExp(`^${hex(packet(0x12, 4))}`));
  }, 60_000);

  it('--encode prints the frame of a command; a bad protocol is a usage error', async () => {
    const enc = await decode(
      ['--protocol', 'watch', '--encode', JSON.stringify({ imei: '868120123456789', command: 'restart', params: {} })],
      '',
    );
    expect(enc.raw.trim()).toBe(Buffer.from('[SG*868120123456789*0005*RESET]').toString('hex'));
    const gt = await decode(
      ['--protocol', 'gt06', '--encode', JSON.stringify({ imei: '868120123456789', command: 'locate', params: {} })],
      '',
    );
    expect(gt.raw.trim()).toMatch(/^7878[0-9a-f]{2}80/);
    expect((await decode(['--protocol', 'nope'], '')).code).toBe(2);
  }, 60_000);
});

/**
 * The same engine in process, with a codec written for this test: a codec's irregularities are on
 * the line as the raw frame log marks them, and a line's frames are decoded one by one.
 */
describe('LineDecoder', () => {
  /** `L<imei>;` logs in, `P;` a position, `C;` a position with a wrong checksum accepted, `X;` is undecodable. */
  const fake: StreamCodec = {
    name: 'gt06',
    transport: 'tcp',
    defaultPort: 0,
    maxFrame: 64,
    text: true,
    commands: [],
    acknowledges: false,
    framer() {
      let held = '';
      return {
        push(chunk) {
          held += chunk.toString('latin1');
          const parts = held.split(';');
          held = parts.pop()!;
          return parts.map((p) => Buffer.from(p, 'latin1'));
        },
        pending: () => held.length,
      };
    },
    decode(frame, session): Decoded {
      const t = frame.toString('latin1');
      if (t.startsWith('L'))
        return { imei: t.slice(1), login: 'login', uplinks: [], reply: Buffer.from('ok'), summary: 'login' };
      if (t === 'X') throw new ProtocolError('undecodable');
      const loc = { kind: 'location' as const, ts: 1, lat: 1, lon: 2, source: 'gps' as const };
      return {
        uplinks: [loc],
        reply: Buffer.from(session.imei ? 'P' : '?'),
        summary: 'position',
        ...(t === 'C' && { irregular: ['checksumMismatch' as const, 'lengthMismatch' as const] }),
      };
    },
    encode: () => undefined,
  };
  const text = (s: string) => Buffer.from(s, 'latin1').toString('hex');
  const decoder = () => new LineDecoder('gt06', undefined, { ...CODECS, gt06: fake });

  it('marks the irregularities a frame was accepted with, by name and by the raw log note', () => {
    const d = decoder();
    expect(d.line(text('L123456789012345;'))).toEqual({ imei: '123456789012345', uplinks: [], reply: text('ok') });
    const line = d.line(text('C;'));
    expect(line).toMatchObject({ imei: '123456789012345', reply: text('P') });
    expect(line!.uplinks).toHaveLength(1);
    expect(line!.irregular).toEqual([
      { irregularity: 'checksumMismatch', note: 'checksum wrong, accepted' },
      { irregularity: 'lengthMismatch', note: 'length wrong, accepted' },
    ]);
    expect(d.line(text('P;'))!.irregular).toBeUndefined();
  });

  it('a login and data on one line: the identifier carries to the frames after it; the replies in order', () => {
    const line = decoder().line(text('L123456789012345;P;C;P;'));
    expect(line).toMatchObject({ imei: '123456789012345', reply: text('okPPP') });
    expect(line!.uplinks).toHaveLength(3);
    expect(line!.irregular).toHaveLength(2);
    expect(line!.error).toBeUndefined();
  });

  it('an undecodable frame among others is named; the others still count; bytes after the last frame are said', () => {
    const line = decoder().line(text('L123456789012345;X;P;P'));
    expect(line).toMatchObject({ imei: '123456789012345', reply: text('okP') });
    expect(line!.uplinks).toHaveLength(1);
    expect(line!.error).toBe('frame 2 of 3: undecodable; 1 bytes after the last whole frame');
    expect(decoder().line(text('P'))).toMatchObject({ uplinks: [], reply: null, error: 'no whole frame on the line' });
  });
});

/** The decode tool's engine on TRV / "IW" frames (docs/protocols.md#trv), as support staff paste them in hex. */
describe('LineDecoder: trv', () => {
  it('reads a login and a position on one line, a heartbeat on the next, with their replies', () => {
    const hex = (s: string) => Buffer.from(s, 'latin1').toString('hex');
    const dec = new LineDecoder('trv');
    const now = Date.UTC(2026, 10, 28, 9, 5, 7);
    const first = dec.line(
      hex('IWAP00353456789012345#') +
        hex(
          'IWAP01080524A2232.9806N11404.9355E000.1061830323.8706000908000102,460,0,9520,3671,Home|74-DE-2B-44-88-8C|97#',
        ),
      now,
    );
    expect(first).toMatchObject({ imei: '353456789012345', reply: hex('IWBP00,20261128090507,0#IWBP01#') });
    expect(first!.uplinks.map((u) => u.kind)).toEqual(['location', 'status']);
    const second = dec.line(hex('IWAP03,06000908000102,5555,30#'), now);
    expect(second).toMatchObject({ imei: '353456789012345', reply: hex('IWBP03#') });
    expect(second!.uplinks).toContainEqual({ kind: 'telemetry', ts: now, values: { steps: 5555 } });
  });
});

describe('LineDecoder, h02', () => {
  it('reads an H02 text report and a binary one on one line; every frame names the device', () => {
    const v1 = '*HQ,4210051415,V1,164549,A,0956.3869,N,08406.7068,W,000.00,000,221215,FFFFFBFF#';
    const binary = '2441060116601245431311165035313006004318210e000000fffffbffff0024';
    const first = new LineDecoder('h02').line(Buffer.from(v1, 'latin1').toString('hex'), Date.UTC(2026, 10, 28, 12));
    expect(first).toMatchObject({
      imei: '4210051415',
      reply: Buffer.from('*HQ,4210051415,V4,V1,20261128120000#', 'latin1').toString('hex'),
    });
    expect(first!.uplinks[0]).toMatchObject({ kind: 'location', valid: true, ts: Date.UTC(2015, 11, 22, 16, 45, 49) });
    const second = new LineDecoder('h02').line(binary);
    expect(second).toMatchObject({ imei: '4106011660', reply: null });
    expect(second!.uplinks[0]).toMatchObject({ kind: 'location', valid: true });
  });
});

describe('LineDecoder, teltonika', () => {
  const vienna =
    '000000000000004c08010000016818d500580009c28d9f1cb3757a00be00c60f0053000f06f0011503c80001011d00fc0007423799180053cdf80dce426f430f88190bb8560bb802f100005aa110002887e000010000ee8d';

  it('the IMEI on one line, a packet on the next (each line a new framer): the records, and the count as the reply', () => {
    const d = new LineDecoder('teltonika');
    expect(d.line('000F313233343536373839303132333435')).toMatchObject({
      imei: '123456789012345',
      uplinks: [],
      reply: '01',
    });
    const line = d.line(vienna)!;
    expect(line).toMatchObject({ imei: '123456789012345', reply: '00000001' });
    expect(line.error).toBeUndefined();
    expect(line.uplinks[0]).toMatchObject({ kind: 'location', lat: 48.1523066, lon: 16.3745183, satellites: 15 });
  });

  it('the IMEI and a packet on one line; a wrong CRC accepted and marked', () => {
    const wrong = vienna.slice(0, -2) + '00';
    const line = new LineDecoder('teltonika').line('000F313233343536373839303132333435' + wrong)!;
    expect(line).toMatchObject({ imei: '123456789012345', reply: '0100000001' });
    expect(line.irregular).toEqual([{ irregularity: 'checksumMismatch', note: 'checksum wrong, accepted' }]);
  });
});
