import { describe, expect, it } from 'vitest';
import { parseSimArgs } from '../../src/sim/args';

describe('sim present arguments', () => {
  it('reads a card, a QR code or a face picture at a door unit', () => {
    expect(parseSimArgs(['present', '--imei', '860100000000025', '--card', 'IC-0042'])).toEqual({
      cmd: 'present',
      imei: '860100000000025',
      method: 'card',
      value: 'IC-0042',
    });
    expect(parseSimArgs(['present', '--imei', '860100000000025', '--qr', 'AQR-abc'])).toMatchObject({
      method: 'qr',
      value: 'AQR-abc',
    });
    expect(parseSimArgs(['present', '--imei', '860100000000025', '--face', 'public/faces/x.jpg'])).toMatchObject({
      method: 'face',
      value: 'public/faces/x.jpg',
    });
  });

  it.each([
    [['present', '--card', 'X'], /present needs --imei/],
    [['present', '--imei', '86-01', '--card', 'X'], /present needs --imei/],
    [['present', '--imei', '860100000000025'], /exactly one of --card, --qr, --face/],
    [['present', '--imei', '860100000000025', '--card', 'X', '--qr', 'Y'], /exactly one of/],
    [['present', '--imei', '860100000000025', '--card', ' '], /--card must be 1-200 characters/],
    [['present', '--imei', '860100000000025', '--card', 'X', '--kind', 'sos'], /does not apply to "present"/],
    [['send', '--imei', '860100000000025', '--kind', 'sos', '--card', 'X'], /does not apply to "send"/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseSimArgs(argv)).toThrow(message);
  });
});
