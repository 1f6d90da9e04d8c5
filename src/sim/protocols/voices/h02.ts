/**
 * The H02 voice (docs/protocols.md#h02): a Sinotrack-type tracker. It names itself in every
 * frame; its first frame is a V1 report without a fix (as a tracker just started sends), which the
 * service answers `V4,V1`. Heartbeats are HTBT (battery), answered by their echo; alarms are V1
 * reports with the status word's bit cleared (SOS, power cut). Commands are answered V4.
 */
import { H02Framer } from '../../../shared/protocols/h02/frame';
import { H02_STATUS, h02Frames, type H02Fix } from '../../../shared/protocols/h02/build';
import type { VoiceFactory } from './types';

export const h02Voice: VoiceFactory = (imei) => {
  let last: H02Fix | undefined;
  return {
    framer: () => new H02Framer(),
    alarms: { sos: 'sos', powerLoss: 'powerCut' },
    login: () => h02Frames.noFix(imei, Date.now()),
    heartbeat: (r) => h02Frames.heartbeat(imei, r.battery),
    position: (fix) => {
      last = fix;
      return { frame: h02Frames.position(imei, fix) };
    },
    alarm: (fix, alarm) => {
      last = fix;
      return h02Frames.position(imei, fix, alarm === 'powerCut' ? H02_STATUS.powerCut : H02_STATUS.sos);
    },
    read(frame) {
      const f = frame.toString('latin1').slice(1, -1).split(',');
      // The service's answer to a V1 report (the first is the login's).
      if (f[2] === 'V4' && f[3] === 'V1') return { kind: 'ready' };
      if (f[2] === 'HTBT' || f[2] === 'V0' || f[2] === 'V4') return { kind: 'ack' };
      // A command (`*HQ,<id>,<word>,<HHMMSS>,...#`): done, answered V4 with the last position.
      const word = f[2];
      const sentAt = f[3];
      if (word && sentAt && /^\d{6}$/.test(sentAt)) {
        const fix = last ?? { lat: 0, lon: 0, at: Date.now(), valid: false };
        return { kind: 'answer', frame: h02Frames.answer(imei, word, ['DONE'], sentAt, { ...fix, at: Date.now() }) };
      }
      return { kind: 'other' };
    },
  };
};
