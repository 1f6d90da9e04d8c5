import { describe, expect, it } from 'vitest';
import { CODECS } from '../../src/server/protocols/registry';
import { newSession, type ProtocolName } from '../../src/server/protocols/types';
import { demoFleet } from '../../src/shared/devices/demo';
import { DEFAULT_INTERVAL_S, parseSimArgs } from '../../src/sim/args';
import { speaksAs } from '../../src/sim/protocols/device';
import { ProtocolSpeaker, protocolSays } from '../../src/sim/protocols/speaker';
import { protocolEndpoint } from '../../src/sim/service';

describe('sim --protocol arguments', () => {
  it('reads --protocol for run and send', () => {
    expect(parseSimArgs(['run', '--protocol', 'gt06'])).toEqual({
      cmd: 'run',
      count: undefined,
      scenario: undefined,
      intervalS: DEFAULT_INTERVAL_S,
      protocol: 'gt06',
    });
    expect(parseSimArgs(['--protocol=jt808', '--count', '2'])).toMatchObject({
      cmd: 'run',
      count: 2,
      protocol: 'jt808',
    });
    expect(parseSimArgs(['send', '--imei', '860100000000042', '--kind', 'sos', '--protocol', 'watch'])).toEqual({
      cmd: 'send',
      imei: '860100000000042',
      kind: 'sos',
      value: undefined,
      protocol: 'watch',
    });
    expect(
      parseSimArgs([
        'send',
        '--imei',
        '860100000000044',
        '--kind',
        'location',
        '--value',
        '22.5,114.1',
        '--protocol',
        'osmand',
      ]),
    ).toMatchObject({ protocol: 'osmand' });
  });

  it.each([
    [['run', '--protocol', 'mqtt'], /--protocol must be one of watch, gt06, jt808, osmand/],
    [['list', '--protocol', 'gt06'], /does not apply to "list"/],
    [['send', '--imei', '860100000000044', '--kind', 'sos', '--protocol', 'osmand'], /osmand cannot say "sos"/],
    [['send', '--imei', '800000000043', '--kind', 'fall', '--protocol', 'jt808'], /jt808 cannot say "fall"/],
    [
      ['send', '--imei', '860100000000042', '--kind', 'heart-rate', '--protocol', 'gt06'],
      /gt06 cannot say "heart-rate"/,
    ],
  ])('refuses %j', (argv, message) => {
    expect(() => parseSimArgs(argv)).toThrow(message);
  });

  it('finds the listeners from the npm start variables', () => {
    expect(protocolEndpoint('gt06', {})).toEqual({ protocol: 'gt06', host: '127.0.0.1', port: 5023 });
    expect(protocolEndpoint('watch', { WATCH_PORT: '6093', HOST: 'example.org' })).toEqual({
      protocol: 'watch',
      host: 'example.org',
      port: 6093,
    });
    expect(protocolEndpoint('jt808', {}).port).toBe(5015);
    expect(protocolEndpoint('osmand', {}).port).toBe(5055);
  });
});

describe('the demo roster of protocol devices', () => {
  const roster = demoFleet().filter((d) => d.protocol);

  it('holds one device of each protocol after the MQTT fleet, the JT/T 808 helmet under its terminal number', () => {
    expect(roster.map((d) => [d.protocol, d.kind])).toEqual([
      ['watch', 'watch'],
      ['gt06', 'locator'],
      ['jt808', 'helmet'],
      ['osmand', 'locator'],
      ['trv', 'watch'],
      ['h02', 'locator'],
      ['teltonika', 'locator'],
    ]);
    expect(demoFleet().slice(-7)).toEqual(roster);
    const helmet = roster.find((d) => d.protocol === 'jt808')!;
    expect(helmet.imei).toMatch(/^80\d{10}$/);
    expect(speaksAs('jt808', helmet.imei)).toBe(true);
    expect(speaksAs('jt808', '860100000000001')).toBe(false);
    expect(speaksAs('gt06', '860100000000001')).toBe(true);
  });
});

/** What the service's codec reads from a frame the speaker made. */
function decoded(protocol: Exclude<ProtocolName, 'osmand'>, frames: Buffer[]) {
  const session = newSession();
  return frames.map((f) => CODECS[protocol].decode(f, session, Date.now()));
}

describe('the speaker', () => {
  const home = { lat: 22.54, lon: 114.06 };
  const walk = { kind: 'location', source: 'gps', lat: 22.5431, lon: 114.0579, speed: 4, heading: 90 } as const;

  it.each(['gt06', 'watch'] as const)(
    '%s: login, heartbeat, position and SOS read back as the uplinks they came from',
    (protocol) => {
      const s = new ProtocolSpeaker(protocol, '860100000000042', home);
      const frames = [
        s.login()!,
        ...[
          { kind: 'telemetry', values: { battery: 50 } } as const,
          walk,
          { kind: 'alarm', alarm: 'sos' } as const,
        ].map((u) => (s.say(u, Date.now()) as { frame: Buffer }).frame),
      ];
      const [login, heartbeat, position, sos] = decoded(protocol, frames);
      expect(login!.imei ?? heartbeat!.imei).toBe('860100000000042');
      expect(heartbeat!.uplinks).toContainEqual(expect.objectContaining({ kind: 'status', battery: 50 }));
      const at = position!.uplinks.find((u) => u.kind === 'location') as { lat: number; lon: number };
      expect(at.lat).toBeCloseTo(22.5431, 5);
      expect(at.lon).toBeCloseTo(114.0579, 5);
      expect(sos!.uplinks).toContainEqual(expect.objectContaining({ kind: 'alarm', alarm: 'sos' }));
    },
  );

  it('JT/T 808: registers, authenticates with the code the registration answer gave, then reports', () => {
    const s = new ProtocolSpeaker('jt808', '800000000043', home);
    const [reg] = decoded('jt808', [s.login()!]);
    expect(reg!.login).toBe('register');
    const answer = reg!.answer!({ ok: true, authCode: 'code-123' });
    const [heard] = s.hear(answer);
    expect(heard!.kind).toBe('answer');
    const [auth] = decoded('jt808', [(heard as { frame: Buffer }).frame]);
    expect(auth).toMatchObject({ login: 'authenticate', authCode: 'code-123', imei: '800000000043' });
    expect(s.hear(auth!.answer!({ ok: true }))).toEqual([{ kind: 'ready' }]);
    expect(s.hear(auth!.answer!({ ok: false }))[0]!.kind).toBe('refused');
  });

  it('says nothing for what its protocol cannot carry: cell fixes, UWB, readings over OsmAnd, an SOS over OsmAnd', () => {
    const s = new ProtocolSpeaker('gt06', '860100000000042', home);
    expect(s.say({ kind: 'location', source: 'lbs', lat: 22.5, lon: 114, accuracy: 300 }, Date.now())).toBeUndefined();
    expect(s.say({ kind: 'location', source: 'uwb', x: 1, y: 2 }, Date.now())).toBeUndefined();
    expect(protocolSays('osmand', { kind: 'telemetry', values: { heartRate: 80 } })).toBe(false);
    expect(protocolSays('osmand', { kind: 'alarm', alarm: 'sos' })).toBe(false);
    expect(protocolSays('osmand', walk)).toBe(true);
    const phone = new ProtocolSpeaker('osmand', '860100000000044', home);
    phone.readings.battery = 66;
    expect(phone.say(walk, 1_700_000_000_000)).toEqual({
      uri: expect.stringMatching(/^\/\?id=860100000000044&lat=22.5431&lon=114.0579&timestamp=1700000000&.*batt=66/),
    });
  });
});
