/**
 * Voice messages of the virtual devices (docs/device-protocol.md "Voice messages"): now and
 * then a device with a microphone uploads a short clip, a valid 8 kHz 16-bit mono WAV of a tone,
 * over HTTP with its own MQTT credentials.
 */
import type { DeviceKind } from '../shared/devices/kinds';

/** Kinds with a microphone and a talk button. */
export const VOICE_KINDS: readonly DeviceKind[] = ['helmet', 'watch', 'doorUnit'];

/** Chance per report that a voice-capable device sends a clip. */
export const VOICE_CHANCE = 1 / 40;

/** A PCM WAV of a sine tone fading in and out: `ms` long, at `hz`, 8 kHz 16-bit mono. */
export function toneWav(ms: number, hz: number, rate = 8000): Buffer {
  const samples = Math.max(1, Math.round((rate * ms) / 1000));
  const b = Buffer.alloc(44 + samples * 2);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(36 + samples * 2, 4);
  b.write('WAVE', 8, 'latin1');
  b.write('fmt ', 12, 'latin1');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28); // byte rate
  b.writeUInt16LE(2, 32); // block align
  b.writeUInt16LE(16, 34); // bits per sample
  b.write('data', 36, 'latin1');
  b.writeUInt32LE(samples * 2, 40);
  const fade = Math.min(samples / 2, rate / 20);
  for (let i = 0; i < samples; i++) {
    const envelope = Math.min(1, i / fade, (samples - 1 - i) / fade);
    b.writeInt16LE(Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * 12_000 * envelope), 44 + i * 2);
  }
  return b;
}

/** Uploads one clip; resolves with the HTTP status (failures are the caller's to log). */
export async function uploadVoice(httpBase: string, imei: string, secret: string, wav: Buffer): Promise<number> {
  const res = await fetch(`${httpBase}/api/device/deviceVoice/upload`, {
    method: 'POST',
    headers: {
      'content-type': 'audio/wav',
      authorization: `Basic ${Buffer.from(`${imei}:${secret}`).toString('base64')}`,
    },
    body: new Uint8Array(wav),
  });
  const body = (await res.json().catch(() => ({}))) as { code?: number };
  return body.code === 0 ? res.status : 0;
}

/** A clip of 1-4 s whose pitch depends on the moment, so clips differ. */
export function randomClip(random: () => number = Math.random): Buffer {
  return toneWav(1000 + Math.floor(random() * 3000), 330 + Math.floor(random() * 550));
}
