/**
 * The Teltonika voice (docs/protocols.md, teltonika): the IMEI frame first, then codec 8 AVL
 * packets of one record each; the service answers the IMEI with 01 (00: refused), each packet
 * with its record count, and sends commands as codec 12 packets, which the device answers.
 */
import {
  avlPacket,
  CODEC_8,
  CODEC12_COMMAND,
  CODEC12_RESPONSE,
  codec12,
  imeiFrame,
  type IoElement,
} from '../../../shared/protocols/teltonika/packet';
import { MAX_FRAME, TeltonikaReplyFramer } from '../../../shared/protocols/teltonika/framer';
import type { SimFix } from '../frames';
import type { SimAlarm, VoiceFactory } from './types';

/** I/O element ids (src/server/protocols/teltonika/io.ts). */
const BATTERY_LEVEL = 113;
const BATTERY_VOLTAGE = 67;
const ALARM = 236;
const MAN_DOWN = 242;
const UNPLUG = 252;

/** A Li-ion cell's voltage at `percent`, roughly: 3.4 V empty to 4.2 V full. */
const millivolts = (percent: number) => Math.round(3400 + Math.max(0, Math.min(100, percent)) * 8);

export const teltonikaVoice: VoiceFactory = (imei) => {
  const record = (fix: SimFix | undefined, io: IoElement[], eventId = 0, priority = 0) =>
    avlPacket(CODEC_8, [
      {
        ts: fix?.at ?? Date.now(),
        priority,
        lat: fix?.lat ?? 0,
        lon: fix?.lon ?? 0,
        angle: fix?.heading ?? 0,
        speed: fix?.speed ?? 0,
        satellites: fix ? (fix.valid === false ? 0 : (fix.satellites ?? 9)) : 0,
        eventId,
        io,
      },
    ]);
  const battery = (percent: number): IoElement[] => [
    { id: BATTERY_LEVEL, value: Math.round(percent), size: 1 },
    { id: BATTERY_VOLTAGE, value: millivolts(percent), size: 2 },
  ];
  const alarmIo = (alarm: SimAlarm, percent: number): { io: IoElement[]; eventId: number } => {
    switch (alarm) {
      case 'sos':
        return { io: [...battery(percent), { id: ALARM, value: 1, size: 1 }], eventId: ALARM };
      case 'fall':
        return { io: [...battery(percent), { id: MAN_DOWN, value: 1, size: 1 }], eventId: MAN_DOWN };
      case 'lowBattery':
        return { io: battery(Math.min(percent, 5)), eventId: BATTERY_LEVEL };
      case 'powerCut':
        return { io: [...battery(percent), { id: UNPLUG, value: 1, size: 1 }], eventId: UNPLUG };
      default:
        throw new Error(`teltonika says no ${alarm} alarm`);
    }
  };
  return {
    framer: () => new TeltonikaReplyFramer(MAX_FRAME),
    alarms: { sos: 'sos', fall: 'fall', lowBattery: 'lowBattery', powerLoss: 'powerCut' },
    login: () => imeiFrame(imei),
    // No fix in a heartbeat: the service stores its battery, no position.
    heartbeat: (r) => record(undefined, battery(r.battery)),
    position: (fix, r) => ({ frame: record(fix, battery(r.battery)) }),
    alarm(fix, alarm, r) {
      const { io, eventId } = alarmIo(alarm, r.battery);
      // Priority 2: panic.
      return record(fix, io, eventId, 2);
    },
    read(frame) {
      if (frame.length === 1) return frame[0] === 1 ? { kind: 'ready' } : { kind: 'refused', why: 'IMEI refused (00)' };
      if (frame.length === 4) return { kind: 'ack' };
      // A codec 12 command: answered as a device does.
      if (frame.length > 11 && frame[8] === 0x0c && frame[10] === CODEC12_COMMAND) {
        const size = frame.readUInt32BE(11);
        const text = frame.toString('latin1', 15, Math.min(15 + size, frame.length - 5));
        return { kind: 'answer', frame: codec12(CODEC12_RESPONSE, `${text}: OK`) };
      }
      return { kind: 'other' };
    },
  };
};
