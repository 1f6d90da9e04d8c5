import { describe, expect, it } from 'vitest';
import {
  callEveryFromEnv,
  shiftsFromEnv,
  DEFAULT_CALL_EVERY_S,
  DEFAULT_CALL_S,
  parseSimArgs,
  UsageError,
} from '../../src/sim/args';

describe('sim call', () => {
  it('reads the door unit, the room and the hold time', () => {
    expect(parseSimArgs(['call', '--imei', '860100000000025', '--room', '1203'])).toEqual({
      cmd: 'call',
      imei: '860100000000025',
      roomNo: '1203',
      seconds: DEFAULT_CALL_S,
    });
    expect(parseSimArgs(['call', '--imei', '860100000000025', '--room', ' 0302 ', '--seconds', '30'])).toMatchObject({
      roomNo: '0302',
      seconds: 30,
    });
  });

  it.each([
    [['call', '--room', '1203'], /needs --imei/],
    [['call', '--imei', '860100000000025'], /needs --room/],
    [['call', '--imei', '860100000000025', '--room', 'x'.repeat(33)], /1-32 characters/],
    [['call', '--imei', '860100000000025', '--room', '1', '--seconds', '0'], /--seconds must be a whole number/],
    [['call', '--imei', '860100000000025', '--room', '1', '--kind', 'sos'], /does not apply to "call"/],
    [['send', '--imei', '860100000000025', '--kind', 'call', '--room', '1'], /does not apply to "send"/],
  ])('rejects %j', (argv, message) => {
    expect(() => parseSimArgs(argv)).toThrow(UsageError);
    expect(() => parseSimArgs(argv)).toThrow(message);
  });

  it('reads SIM_CALL_EVERY_S: 0 turns the demo calls off, nonsense keeps the default', () => {
    expect(callEveryFromEnv({})).toBe(DEFAULT_CALL_EVERY_S);
    expect(callEveryFromEnv({ SIM_CALL_EVERY_S: '0' })).toBe(0);
    expect(callEveryFromEnv({ SIM_CALL_EVERY_S: ' 45 ' })).toBe(45);
    expect(callEveryFromEnv({ SIM_CALL_EVERY_S: 'often' })).toBe(DEFAULT_CALL_EVERY_S);
  });

  it('reads SIM_SHIFTS: always wears the site devices around the clock, anything else keeps the working day', () => {
    expect(shiftsFromEnv({})).toBe('day');
    expect(shiftsFromEnv({ SIM_SHIFTS: ' Always ' })).toBe('always');
    expect(shiftsFromEnv({ SIM_SHIFTS: 'night' })).toBe('day');
  });
});
