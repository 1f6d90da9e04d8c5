/**
 * JT/T 808 field helpers (split from decode.ts): the message body and its length check, the
 * Beijing-time BCD date, signal bars, printable and BCD text, the battery percentage.
 */
import type { AlarmEvent, Uplink } from '../../../shared/devices/protocol';
import { ProtocolError } from '../types';

export type Status = Extract<Uplink, { kind: 'status' }>;
export type Happening = { alarm: AlarmEvent; note?: string } | { event: string };

export const HEX4 = (n: number) => n.toString(16).padStart(4, '0');

export interface Body {
  data: Buffer;
  start: number;
  end: number;
  id: number;
}

export function need(b: Body, bytes: number): void {
  if (b.end - b.start < bytes)
    throw new ProtocolError(`0x${HEX4(b.id)}: body of ${b.end - b.start} bytes, needs ${bytes}`);
}

/** UTC ms of the BCD time YY MM DD hh mm ss in Beijing time (GMT+8); undefined when the bytes are not one. */
export function readTime(d: Buffer, o: number): number | undefined {
  const v: number[] = [];
  for (let i = o; i < o + 6; i++) {
    const hi = d[i]! >> 4;
    const lo = d[i]! & 0x0f;
    if (hi > 9 || lo > 9) return undefined;
    v.push(hi * 10 + lo);
  }
  const [yy, mm, dd, h, mi, s] = v as [number, number, number, number, number, number];
  if (mm < 1 || mm > 12 || dd < 1 || dd > 31 || h > 23 || mi > 59 || s > 59) return undefined;
  return Date.UTC(2000 + yy, mm - 1, dd, h - 8, mi, s);
}

/** GSM signal (CSQ 0-31, 99 unknown) as bars 0-4, the phone's usual scale. */
export function bars(csq: number): number | undefined {
  if (csq > 31) return undefined;
  if (csq >= 12) return 4;
  if (csq >= 8) return 3;
  if (csq >= 5) return 2;
  return csq >= 2 ? 1 : 0;
}

/** Whether d[from, to) is printable ASCII (a vendor item's text rather than its binary form). */
export function printable(d: Buffer, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (d[i]! < 0x20 || d[i]! > 0x7e) return false;
  return to > from;
}

/** BCD bytes as digits, trailing 'f' padding dropped (an ICCID). */
export function bcdText(d: Buffer, from: number, to: number): string | undefined {
  const s = d.toString('hex', from, to).replace(/f+$/, '');
  return /^[0-9]{6,20}$/.test(s) ? s : undefined;
}

export const percent = (status: Status, value: number) => {
  if (value >= 0 && value <= 100) status.battery = value;
};
