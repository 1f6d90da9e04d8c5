import { describe, expect, it } from 'vitest';
import { watch } from '../../../src/server/protocols/watch';
import { newSession, ProtocolError, type OutCommand, type Session } from '../../../src/server/protocols/types';
import { ascii, NOW } from './watch-helpers';

/**
 * The "3G" watch protocol (docs/protocols.md): the commands sent to a watch.
 */

describe('watch commands', () => {
  const bound = (imei = '123456789012345'): Session => ({ imei, state: {} });
  const cmd = (c: string, params: Record<string, unknown> = {}): OutCommand => ({ id: 7, cmd: c, params });
  const encode = (c: OutCommand, session = bound()) => watch.encode(c, session, NOW)?.toString('utf8');

  it('frames each command with SG before the watch named its maker', () => {
    expect(encode(cmd('restart'))).toBe('[SG*123456789012345*0005*RESET]');
    expect(encode(cmd('locate'))).toBe('[SG*123456789012345*0002*CR]');
    expect(encode(cmd('setInterval', { seconds: 60 }))).toBe('[SG*123456789012345*0009*UPLOAD,60]');
    expect(encode(cmd('sosNumbers', { numbers: ['13800138000', '+8613900139000'] }))).toBe(
      '[SG*123456789012345*001F*SOS,13800138000,+8613900139000,]',
    );
    expect(encode(cmd('sosNumbers', { numbers: [] }))).toBe('[SG*123456789012345*0006*SOS,,,]');
    expect(encode(cmd('doNotDisturb', { periods: ['08:00-12:00', '14:00-17:30'] }))).toBe(
      '[SG*123456789012345*0023*SILENCETIME,08:00-12:00,14:00-17:30]',
    );
    expect(encode(cmd('custom', { text: 'WORK,6-9,11-13,13-15,17-19' }))).toBe(
      '[SG*123456789012345*001A*WORK,6-9,11-13,13-15,17-19]',
    );
  });

  it('MESSAGE carries UTF-16BE hex', () => {
    expect(encode(cmd('broadcast', { text: 'text' }))).toBe('[SG*123456789012345*0018*MESSAGE,0074006500780074]');
    // 注 U+6CE8, 意 U+610F, 安 U+5B89, 全 U+5168: 8 + 16 characters.
    expect(encode(cmd('broadcast', { text: '注意安全' }))).toBe('[SG*123456789012345*0018*MESSAGE,6CE8610F5B895168]');
  });

  it('uses the maker code and the sequence field the watch uses', () => {
    const session = bound('014111001350304');
    watch.decode(ascii('[ZJ*014111001350304*0034*0009*LK,0,0,19]'), session, NOW);
    expect(encode(cmd('locate'), session)).toBe('[ZJ*014111001350304*0001*0002*CR]');
    const plain = bound('8800000015');
    watch.decode(ascii('[3G*8800000015*0002*LK]'), plain, NOW);
    expect(encode(cmd('locate'), plain)).toBe('[3G*8800000015*0002*CR]');
  });

  it('has no frame for commands watches lack', () => {
    expect(watch.encode(cmd('valve', { action: 'open' }), bound(), NOW)).toBeUndefined();
    expect(watch.commands).toEqual([
      'locate',
      'setInterval',
      'restart',
      'broadcast',
      'sosNumbers',
      'doNotDisturb',
      'custom',
    ]);
  });

  it.each([
    cmd('setInterval', { seconds: 5 }),
    cmd('setInterval', { seconds: '60' }),
    cmd('broadcast', { mp3: 'https://example.com/a.mp3' }),
    cmd('sosNumbers', { numbers: ['1', '2', '3', '4'] }),
    cmd('sosNumbers', { numbers: ['12a'] }),
    cmd('doNotDisturb', { periods: ['8-12'] }),
    cmd('doNotDisturb', { periods: [] }),
    cmd('custom', { text: 'CR]' }),
    cmd('custom', { text: '' }),
  ])('refuses bad params: %j', (c) => {
    expect(() => watch.encode(c, bound(), NOW)).toThrow(ProtocolError);
  });

  it('refuses a command before the watch is bound', () => {
    expect(() => watch.encode(cmd('locate'), newSession(), NOW)).toThrow(ProtocolError);
  });
});
