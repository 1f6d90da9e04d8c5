/**
 * Decoding GT06 frames (Concox/Jimi and clones; docs/protocols.md, gt06). The frame is whole (the
 * framer's): start bits, length, protocol number, content, serial, CRC-ITU, stop bits. Every
 * offset below is checked against the content's end before it is read, so a short or forged
 * frame is a ProtocolError, never a RangeError.
 */
import type { Uplink } from '../../../shared/devices/protocol';
import { commandRefs, take } from '../command-refs';
import { ProtocolError, type Decoded, type Irregularity, type Session } from '../types';
import { crcItu } from '../../../shared/protocols/gt06/crc';
import { packet } from '../../../shared/protocols/gt06/packet';
import { decodeAlarm, decodeAlarm95, decodeCellStatus, jimiModules } from './alarms';
import { cellSize, HEX, need, readCell, readCell4g, readFix, readImei, UTF16BE, type Body } from './fields';
import { decodeInfo, decodeModular, trailer } from './info';
import { decodeLbs, decodeWifiCount } from './lbs';
import { ALARM_CODES, describe, happening, location, push, status, statusAlarm, type Status } from './uplinks';

/** Where a connection's sent commands wait for their answers (server flag -> command id). */
export const REFS_KEY = 'gt06.commands';

/** Where a connection keeps its login's time zone (ms east of UTC). */
const TZ_KEY = 'gt06.tz';

/**
 * Text a device answered with: up to its first NUL (fixed-width fields are NUL-padded), trimmed,
 * at most 200 characters, never ending in half a surrogate pair.
 */
function cleanText(text: string): string {
  const nul = text.indexOf('\0');
  const out = (nul < 0 ? text : text.slice(0, nul)).trim();
  if (out.length <= 200) return out;
  const last = out.charCodeAt(199);
  return out.slice(0, last >= 0xd800 && last <= 0xdbff ? 199 : 200);
}

/** A command answer: an `ack` when the server flag is one we sent, the ICCID report some devices send unasked. */
function answer(session: Session, flag: number, text: string): Uplink | undefined {
  const ref = take(commandRefs(session, REFS_KEY), flag);
  if (ref !== undefined) return { kind: 'ack', ref, ok: true, msg: text };
  if (text.startsWith('<ICCID:')) {
    const close = text.indexOf('>');
    const iccid = text.slice(7, close < 0 ? undefined : close);
    if (iccid.length > 0 && iccid.length <= 32) return { kind: 'status', iccid };
  }
  return undefined;
}

/** The address a device asks for (0x1A Chinese, 0x2A English, 0xA7 by 4G cell): none here, answered as Traccar does ("NA&&NA&&0##"), which devices take. */
const NO_ADDRESS = Buffer.from('NA&&NA&&0##', 'ascii');
const ADDRESS_CONTENT = Buffer.concat([Buffer.from([NO_ADDRESS.length, 0, 0, 0, 0]), NO_ADDRESS]);

/** The variant whose length field agrees with the frame's size (short 0x7878 head of 3 bytes, long 0x7979 of 4). */
function agrees(frame: Buffer, head: number): boolean {
  return head === 4 ? frame.readUInt16BE(2) + 6 === frame.length : frame[2]! + 5 === frame.length;
}

/** The login's time zone (bits 15-4: hours * 100 + minutes, bit 3 west) as ms east of UTC. */
function loginZone(word: number): number {
  const hm = word >> 4;
  const minutes = Math.floor(hm / 100) * 60 + (hm % 100);
  return (word & 0x08 ? -minutes : minutes) * 60_000;
}

/**
 * A whole frame as the framer cut it. A wrong CRC, and a length field that disagrees with the
 * frame's size (the variant, short or long length, then taken from the one that agrees, else the
 * start bits), are accepted and named in `irregular` (docs/protocols.md "Leniencies").
 */
export function decodeGt06(frame: Buffer, session: Session, now: number): Decoded {
  if (frame.length < 6) throw new ProtocolError(`frame of ${frame.length} bytes`);
  let head = frame[0] === 0x79 ? 4 : 3;
  let irregular: Irregularity[] | undefined;
  if (!agrees(frame, head)) {
    if (head === 3 && (frame[3] === 0x17 || frame[3] === 0x69)) return decodeWifiCount(frame);
    if (agrees(frame, 7 - head)) head = 7 - head;
    irregular = ['lengthMismatch'];
  }
  if (frame.length < head + 7) throw new ProtocolError(`frame of ${frame.length} bytes`);
  const crcAt = frame.length - 4;
  if (crcItu(frame, 2, crcAt) !== frame.readUInt16BE(crcAt)) (irregular ??= []).push('checksumMismatch');
  const d = decodeContent(frame, head, session, now);
  if (irregular) d.irregular = irregular;
  return d;
}

function decodeContent(frame: Buffer, head: number, session: Session, now: number): Decoded {
  const crcAt = frame.length - 4;
  const type = frame[head]!;
  const serial = frame.readUInt16BE(crcAt - 2);
  const b: Body = { f: frame, start: head + 1, end: crcAt - 2, type };
  const ack = (): Buffer => packet(type, serial);
  const name = `0x${HEX[type]}`;
  const tz = (session.state[TZ_KEY] as number | undefined) ?? 0;
  const uplinks: Uplink[] = [];

  switch (type) {
    case 0x01: {
      need(b, 8);
      const imei = readImei(frame, b.start);
      // The extended login: type identification, then the time zone its dates are in.
      if (b.end - b.start >= 12) session.state[TZ_KEY] = loginZone(frame.readUInt16BE(b.start + 10));
      return { imei, login: 'login', uplinks, reply: ack(), summary: `login ${imei}` };
    }
    case 0x13:
    case 0xf1: {
      need(b, 3);
      const info = frame[b.start]!;
      if (type === 0x13 && b.end - b.start === 16) {
        // The 22-byte variant: info, satellites (2), alarm, language, battery %, mode, voltage (2), ...
        const st: Status = { kind: 'status', charging: (info & 0x04) !== 0 };
        if (frame[b.start + 5]! <= 100) st.battery = frame[b.start + 5]!;
        if (info & 0x04) st.mainsPower = 1;
        uplinks.push(st);
        // Its information byte is not the terminal information of the standard heartbeat: the alarm byte only.
        const code = frame[b.start + 3]!;
        if (code !== 0) uplinks.push(happening(ALARM_CODES[code], code, undefined));
        return { uplinks, reply: ack(), summary: `heartbeat${describe(uplinks)}` };
      }
      uplinks.push(status(undefined, info, frame[b.start + 1]!, frame[b.start + 2]!));
      push(uplinks, statusAlarm(session, b.end - b.start >= 4 ? frame[b.start + 3]! : 0, info, undefined));
      return { uplinks, reply: ack(), summary: `heartbeat${type === 0x13 ? '' : ' 0xf1'}${describe(uplinks)}` };
    }
    case 0x23: {
      // GK310 heartbeat: terminal information, [battery voltage in 1/100 V], [GSM signal], language.
      need(b, 1);
      const info = frame[b.start]!;
      const st: Status = { kind: 'status', charging: (info & 0x04) !== 0 };
      if (info & 0x04) st.mainsPower = 1;
      const size = b.end - b.start;
      if (size >= 4 && frame[b.start + 3]! <= 4) st.signal = frame[b.start + 3]!;
      uplinks.push(st);
      push(uplinks, statusAlarm(session, 0, info, undefined));
      const volts = size >= 3 ? ` ${(frame.readUInt16BE(b.start + 1) / 100).toFixed(2)} V` : '';
      return { uplinks, reply: ack(), summary: `heartbeat 0x23${volts}${describe(uplinks)}` };
    }
    case 0x36:
    case 0x39: {
      // Jimi IoT 4G: terminal information, voltage level, GSM, alarm, language, then modules. A long 0x36 is X1 photo data.
      if (head === 4) return { uplinks, summary: `type ${name} not decoded` };
      need(b, 5);
      const info = frame[b.start]!;
      const st = status(undefined, info, frame[b.start + 1]!, frame[b.start + 2]!);
      const m = jimiModules(b, b.start + 5);
      if (m.battery !== undefined) st.battery = m.battery;
      uplinks.push(st);
      push(uplinks, statusAlarm(session, frame[b.start + 3]!, info, undefined));
      return { uplinks, reply: ack(), summary: `status ${name}${m.note}${describe(uplinks)}` };
    }
    case 0x10:
    case 0x12:
    case 0x22:
    case 0xa0: {
      need(b, 18);
      const fix = readFix(frame, b.start, tz);
      const at = b.start + 18;
      const g4 = type === 0xa0;
      const cell = type === 0x10 ? undefined : g4 ? readCell4g(frame, at, b.end) : readCell(frame, at, b.end);
      push(uplinks, location(fix, fix.ts, cell ? [cell] : []));
      const extra = type !== 0x10 && at + 2 <= b.end ? trailer(b, at + cellSize(frame, at, g4)) : '';
      return { uplinks, reply: ack(), summary: `location ${name}${describe(uplinks)}${extra}` };
    }
    case 0x17: {
      // The GPS + LBS form (the RFID variant): the fix and the serving cell, a driver's card after.
      need(b, 18);
      const fix = readFix(frame, b.start, tz);
      const cell = readCell(frame, b.start + 18, b.end);
      push(uplinks, location(fix, fix.ts, cell ? [cell] : []));
      return { uplinks, reply: ack(), summary: `location ${name}${describe(uplinks)}` };
    }
    case 0x16:
    case 0x26:
    case 0x27:
    case 0xa4:
      decodeAlarm(b, uplinks, tz);
      return { uplinks, reply: ack(), summary: `alarm ${name}${describe(uplinks)}` };
    case 0x19: {
      // LBS + status: the serving cell (no date), terminal info, voltage, GSM, alarm, language.
      need(b, 2);
      const size = cellSize(frame, b.start, false);
      if (b.end - b.start > size + 6)
        return { uplinks, reply: ack(), summary: `type ${name} not decoded (multi-cell variant)` };
      const cell = readCell(frame, b.start, b.end);
      push(uplinks, location(undefined, undefined, cell ? [cell] : []));
      decodeCellStatus(b, b.start + size, undefined, uplinks);
      return { uplinks, reply: ack(), summary: `alarm ${name}${describe(uplinks)}` };
    }
    case 0xa5: {
      // 4G LBS alarm: the serving cell, then the status block.
      need(b, 2);
      const cell = readCell4g(frame, b.start, b.end);
      push(uplinks, location(undefined, undefined, cell ? [cell] : []));
      decodeCellStatus(b, b.start + cellSize(frame, b.start, true), undefined, uplinks);
      return { uplinks, reply: ack(), summary: `alarm ${name}${describe(uplinks)}` };
    }
    case 0x18:
    case 0x24:
    case 0x28:
    case 0x2c:
    case 0x2e:
    case 0xa1:
    case 0xa2:
      decodeLbs(b, uplinks, tz);
      return { uplinks, reply: ack(), summary: `lbs ${name}${describe(uplinks)}` };
    case 0xa9: {
      // 4G Wi-Fi alarm: the 0xA2 layout, then the status block when the packet carries one.
      const o = decodeLbs(b, uplinks, tz);
      const loc = uplinks[0];
      if (o + 4 <= b.end) decodeCellStatus(b, o, loc?.ts, uplinks);
      return { uplinks, reply: ack(), summary: `alarm ${name}${describe(uplinks)}` };
    }
    case 0x1a:
    case 0x2a: {
      need(b, 18);
      const fix = readFix(frame, b.start, tz);
      push(uplinks, location(fix, fix.ts, []));
      const reply = type === 0x1a ? packet(0x17, serial, ADDRESS_CONTENT) : packet(0x97, serial, ADDRESS_CONTENT, true);
      return { uplinks, reply, summary: `address request ${name}${describe(uplinks)}` };
    }
    case 0xa7: {
      need(b, 2);
      const cell = readCell4g(frame, b.start, b.end);
      push(uplinks, location(undefined, undefined, cell ? [cell] : []));
      return {
        uplinks,
        reply: packet(0x97, serial, ADDRESS_CONTENT, true),
        summary: `address request ${name}${describe(uplinks)}`,
      };
    }
    case 0x70:
      decodeModular(b, uplinks);
      return { uplinks, reply: packet(0x70, serial), summary: `modular${describe(uplinks)}` };
    case 0x94: {
      const note = decodeInfo(b, head, uplinks);
      return { uplinks, summary: `information${note}` };
    }
    case 0x95:
      decodeAlarm95(b, uplinks, tz);
      return { uplinks, reply: ack(), summary: `alarm ${name}${describe(uplinks)}` };
    case 0x8a: {
      const t = new Date(now);
      const content = [
        t.getUTCFullYear() - 2000,
        t.getUTCMonth() + 1,
        t.getUTCDate(),
        t.getUTCHours(),
        t.getUTCMinutes(),
        t.getUTCSeconds(),
      ];
      return { uplinks, reply: packet(0x8a, serial, Uint8Array.from(content)), summary: 'time request' };
    }
    case 0x15: {
      // Length of command (server flag + text), server flag, ASCII text, [language].
      need(b, 5);
      const size = frame[b.start]!;
      const textEnd = size >= 4 && b.start + 1 + size <= b.end ? b.start + 1 + size : b.end;
      const text = cleanText(frame.toString('latin1', b.start + 5, textEnd));
      push(uplinks, answer(session, frame.readUInt32BE(b.start + 1), text));
      return { uplinks, summary: `command answer "${text}"${describe(uplinks)}` };
    }
    case 0x21: {
      // Server flag, encoding (1 ASCII, 2 UTF-16BE), text.
      need(b, 5);
      const raw = frame.subarray(b.start + 5, b.end);
      const text = cleanText(frame[b.start + 4] === 2 ? UTF16BE.decode(raw) : raw.toString('latin1'));
      push(uplinks, answer(session, frame.readUInt32BE(b.start), text));
      return { uplinks, summary: `command answer "${text}"${describe(uplinks)}` };
    }
    default:
      // Unread types still get the echo short packets expect, so the device does not resend; long ones and command echoes get none.
      return head === 3 && (type < 0x80 || type > 0x82)
        ? { uplinks, reply: ack(), summary: `type ${name} not decoded` }
        : { uplinks, summary: `type ${name} not decoded` };
  }
}
