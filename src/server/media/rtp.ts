import { RTCRtpCodecParameters, RTCRtpHeaderExtensionParameters, type PeerConfig } from 'werift';

// What the SFU negotiates and reads in the RTP it forwards: Opus and VP8, the audio level
// extension, the publishers' volumes, and where a VP8 picture can start.

export const CODECS: PeerConfig['codecs'] = {
  audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48_000, channels: 2 })],
  video: [
    new RTCRtpCodecParameters({
      mimeType: 'video/VP8',
      clockRate: 90_000,
      rtcpFeedback: [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }, { type: 'goog-remb' }],
    }),
  ],
};

/** RFC 6464: browsers put each audio packet's level in this header extension when it is negotiated. */
export const AUDIO_LEVEL_URI = 'urn:ietf:params:rtp-hdrext:ssrc-audio-level';
export const HEADER_EXTENSIONS: PeerConfig['headerExtensions'] = {
  audio: [new RTCRtpHeaderExtensionParameters({ id: 1, uri: AUDIO_LEVEL_URI })],
};
/** How often the publishers' volumes are reported (the conference's onvolumechanged), and the change worth one. */
export const VOLUME_EVERY_MS = 500;
export const VOLUME_STEP = 5;
/** -dBov at and below which a level is volume 0 (quiet room noise); 0 dBov is 100. */
const SILENCE_DBOV = 60;

/** 0-100 from an RFC 6464 level (-dBov, 0 loudest). */
export const volumeOf = (level: number): number =>
  Math.max(0, Math.min(100, Math.round((1 - level / SILENCE_DBOV) * 100)));

/**
 * The most packets kept since a key frame: a door unit's second of 640x480 VP8 (one key frame a
 * second, about 50 packets) fits with room to spare. A browser makes key frames only when asked, so
 * its picture soon outgrows this; its new subscribers wait for the key frame they ask for, as before.
 */
export const GOP_PACKETS = 300;

/**
 * RFC 7741: whether a VP8 RTP payload starts a key frame, i.e. it is the first packet of partition
 * 0 (S set, partition index 0) and the VP8 frame header's inverse key-frame bit is clear.
 */
export function startsVp8KeyFrame(payload: Buffer): boolean {
  const first = payload[0];
  if (first === undefined || !(first & 0x10) || (first & 0x07) !== 0) return false;
  let at = 1;
  if (first & 0x80) {
    const x = payload[at++];
    if (x === undefined) return false;
    if (x & 0x80) at += (payload[at] ?? 0) & 0x80 ? 2 : 1; // picture id, 7 or 15 bits
    if (x & 0x40) at += 1; // TL0PICIDX
    if (x & 0x30) at += 1; // TID / KEYIDX
  }
  const header = payload[at];
  return header !== undefined && (header & 0x01) === 0;
}
