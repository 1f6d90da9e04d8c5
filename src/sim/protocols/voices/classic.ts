/** The voices of the first four protocols (GT06, the watch, JT/T 808, OsmAnd), over frames.ts. */
import { Gt06Framer, MAX_FRAME as GT06_MAX_FRAME } from '../../../shared/protocols/gt06/framer';
import { parseFrame } from '../../../shared/protocols/jt808/frame';
import { Jt808Framer, MAX_FRAME as JT808_MAX_FRAME } from '../../../shared/protocols/jt808/framer';
import { WatchFramer } from '../../../shared/protocols/watch/frame';
import { gt06Frames, Jt808Terminal, osmandUri, watchFrames } from '../frames';
import type { VoiceFactory } from './types';

export const gt06Voice: VoiceFactory = (imei) => {
  let serial = 0;
  // GT06 serials are two bytes and wrap.
  const next = () => (serial = (serial + 1) & 0xffff);
  return {
    framer: () => new Gt06Framer(GT06_MAX_FRAME),
    alarms: { sos: 'sos', fall: 'fall', wearOff: 'removed', lowBattery: 'lowBattery', powerLoss: 'powerCut' },
    login: () => gt06Frames.login(imei, next()),
    heartbeat: (r) => gt06Frames.heartbeat(next(), r.battery),
    position: (fix) => ({ frame: gt06Frames.location(next(), fix) }),
    alarm: (fix, alarm) => gt06Frames.alarm(next(), fix, alarm),
    read: (frame) => (frame[3] === 0x01 ? { kind: 'ready' } : { kind: 'ack' }),
  };
};

export const watchVoice: VoiceFactory = (imei) => ({
  framer: () => new WatchFramer(),
  alarms: { sos: 'sos', fall: 'fall', wearOff: 'removed', lowBattery: 'lowBattery' },
  login: (r) => watchFrames.link(imei, r.battery, r.steps),
  heartbeat: (r) => watchFrames.link(imei, r.battery, r.steps),
  position: (fix, r) => ({ frame: watchFrames.position(imei, fix, r.battery, r.steps) }),
  alarm: (fix, alarm, r) => watchFrames.alarm(imei, fix, r.battery, alarm === 'powerCut' ? 'lowBattery' : alarm),
  // The link (LK) is answered in kind: the first answer is the login's.
  read: (frame) => (frame.toString('latin1').split('*')[3]?.startsWith('LK') ? { kind: 'ready' } : { kind: 'ack' }),
});

/** JT/T 808 platform messages: the registration answer and the general response. */
const JT_REGISTERED = 0x8100;
const JT_GENERAL = 0x8001;
const JT_AUTHENTICATE = 0x0102;

export const jt808Voice: VoiceFactory = (imei) => {
  const terminal = new Jt808Terminal(imei);
  return {
    framer: () => new Jt808Framer(JT808_MAX_FRAME),
    alarms: { sos: 'sos' },
    login: () => terminal.register(),
    heartbeat: () => terminal.heartbeat(),
    position: (fix) => ({ frame: terminal.location(fix) }),
    alarm: (fix) => terminal.location(fix, true),
    read(frame) {
      const m = parseFrame(frame);
      const body = m.data.subarray(m.bodyStart, m.bodyEnd);
      if (m.id === JT_REGISTERED) {
        // Answer serial (2), result (1: 0 success), then the authentication code.
        if (body[2] !== 0) return { kind: 'refused', why: `registration refused (result ${body[2]})` };
        return { kind: 'answer', frame: terminal.authenticate(body.subarray(3).toString('latin1')) };
      }
      if (m.id === JT_GENERAL && body.length >= 5 && body.readUInt16BE(2) === JT_AUTHENTICATE) {
        return body[4] === 0
          ? { kind: 'ready' }
          : { kind: 'refused', why: `authentication refused (result ${body[4]})` };
      }
      return m.id === JT_GENERAL ? { kind: 'ack' } : { kind: 'other' };
    },
  };
};

export const osmandVoice: VoiceFactory = (imei) => ({
  alarms: {},
  login: () => undefined,
  heartbeat: () => undefined,
  position: (fix, r) => ({ uri: osmandUri(imei, fix, r.battery) }),
  alarm: () => {
    throw new Error('OsmAnd says no alarms');
  },
  read: () => ({ kind: 'other' }),
});
