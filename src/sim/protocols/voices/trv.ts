/**
 * The TRV / "IW" watch's voice (docs/protocols.md#trv): the login AP00, the heartbeat AP03 with
 * battery and steps, positions AP01, alarms AP10 (01 SOS, 02 low battery, 03 taken off, 05 fall).
 * The service answers BP00 to the login (ready), BPxx to the rest (acknowledgements).
 */
import { TrvFramer, trvFrames } from '../../../shared/protocols/trv/frame';
import type { SimAlarm, VoiceFactory } from './types';

const CODES: Partial<Record<SimAlarm, string>> = { sos: '01', lowBattery: '02', removed: '03', fall: '05' };

export const trvVoice: VoiceFactory = (imei) => ({
  framer: () => new TrvFramer(),
  alarms: { sos: 'sos', fall: 'fall', wearOff: 'removed', lowBattery: 'lowBattery' },
  login: () => trvFrames.login(imei),
  heartbeat: (r) => trvFrames.heartbeat(r.battery, r.steps),
  position: (fix, r) => ({ frame: trvFrames.position(fix, r.battery) }),
  alarm: (fix, alarm, r) => trvFrames.position(fix, r.battery, undefined, CODES[alarm] ?? '02'),
  read(frame) {
    const text = frame.toString('latin1');
    if (text.startsWith('IWBP00')) return { kind: 'ready' };
    return text.startsWith('IWBP') ? { kind: 'ack' } : { kind: 'other' };
  },
});
