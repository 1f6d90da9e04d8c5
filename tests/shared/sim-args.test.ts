import { describe, expect, it } from 'vitest';
import { DEFAULT_INTERVAL_S, parseSimArgs, UsageError } from '../../src/sim/args';

describe('sim arguments', () => {
  it('runs the demo fleet without arguments', () => {
    expect(parseSimArgs([])).toEqual({
      cmd: 'run',
      count: undefined,
      scenario: undefined,
      intervalS: DEFAULT_INTERVAL_S,
    });
  });

  it('reads run options', () => {
    expect(parseSimArgs(['run', '--count', '5', '--scenario', 'fire', '--interval', '30'])).toEqual({
      cmd: 'run',
      count: 5,
      scenario: 'fire',
      intervalS: 30,
    });
    expect(parseSimArgs(['--count=3'])).toMatchObject({ cmd: 'run', count: 3 });
  });

  it('reads list and send', () => {
    expect(parseSimArgs(['list'])).toEqual({ cmd: 'list' });
    expect(parseSimArgs(['send', '--imei', '860100000000001', '--kind', 'sos'])).toEqual({
      cmd: 'send',
      imei: '860100000000001',
      kind: 'sos',
      value: undefined,
    });
    expect(
      parseSimArgs(['send', '--imei', '860100000000001', '--kind', 'location', '--value', '22.54,114.06']),
    ).toMatchObject({ value: '22.54,114.06' });
    expect(parseSimArgs(['send', '--imei', '860100000000001', '--kind', 'heart-rate', '--value', '170'])).toMatchObject(
      { kind: 'heart-rate', value: '170' },
    );
    expect(parseSimArgs(['send', '--imei', '860100000000025', '--kind', 'card', '--value', 'IC-0042'])).toMatchObject({
      kind: 'card',
      value: 'IC-0042',
    });
    expect(parseSimArgs(['--help'])).toEqual({ cmd: 'help' });
  });

  it.each([
    [['walk'], /unknown command/],
    [['run', 'extra'], /unexpected argument/],
    [['--count', '0'], /--count must be a whole number/],
    [['--count', 'many'], /--count/],
    [['--interval', '1.5'], /--interval/],
    [['--scenario', 'moon'], /--scenario must be one of/],
    [['--frobnicate'], /frobnicate/],
    [['list', '--count', '3'], /does not apply to "list"/],
    [['send', '--kind', 'sos'], /needs --imei/],
    [['send', '--imei', '86-01', '--kind', 'sos'], /--imei must be/],
    [['send', '--imei', '860100000000001'], /needs --kind/],
    [['send', '--imei', '860100000000001', '--kind', 'dance'], /unknown kind "dance"/],
    [['send', '--imei', '860100000000001', '--kind', 'heart-rate', '--value', 'fast'], /must be a number/],
    [['send', '--imei', '860100000000001', '--kind', 'location', '--value', '22.5'], /lat,lon/],
    [['send', '--imei', '860100000000001', '--kind', 'blood-pressure', '--value', 'high'], /systolic\/diastolic/],
    [['send', '--imei', '860100000000001', '--kind', 'location', '--value', '95,114'], /within ±90/],
    [['send', '--imei', '860100000000001', '--kind', 'call', '--value', ' '], /room number/],
    [['run', '--imei', '860100000000001'], /does not apply to "run"/],
  ])('rejects %j', (argv, message) => {
    expect(() => parseSimArgs(argv)).toThrow(UsageError);
    expect(() => parseSimArgs(argv)).toThrow(message);
  });
});
