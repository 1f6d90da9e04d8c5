/**
 * Tokens for the door-unit intercom's audio/video channel
 * (docs/requirements/realtime-intercom.md#incoming-call-message, and `voiceNet/buildToken` of
 * docs/requirements/realtime-intercom.md#intercom-calls). The media itself runs between the console and the
 * door unit on the provider's network; the service only hands each side the right to join one channel.
 */
export interface VoiceToken {
  token: string;
  /** Epoch milliseconds after which the provider refuses the token. */
  expiresAt: number;
}

export interface VoiceProvider {
  /** 'local' or 'agora'. */
  readonly name: string;
  /** What clients pass to the provider's SDK with the token ('local' for the local provider). */
  readonly appId: string;
  /** A token for `uid` (a 32-bit unsigned integer as a string) to join `channel`. */
  buildToken(channel: string, uid: string): VoiceToken;
  /** Whether `token` lets `uid` into `channel` now; only the local provider can tell. */
  verify?(token: string, channel: string, uid: string): boolean;
}

// Channel names of the RTC SDKs: under 64 bytes of letters, digits and a few punctuation marks.
const CHANNEL_UNSAFE = /[^0-9A-Za-z_\-:.@=+!#$%&()<>?[\]^{}|~,]/g;

/** docs/requirements/realtime-intercom.md#intercom-calls: the IMEI and the room number form the channel. */
export function callChannel(imei: string, roomNo: string): string {
  return `${imei}_${roomNo.replace(CHANNEL_UNSAFE, '-')}`.slice(0, 63);
}

/**
 * A door unit's uid: stable per IMEI and far above any console's uid (the user id), so the two
 * ends of a call never collide. FNV-1a keeps it the same on every replica.
 */
export function deviceUid(imei: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < imei.length; i++) {
    h ^= imei.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return String(3_000_000_000 + (h % 1_000_000_000));
}

/** A console's uid: its user id. */
export const consoleUid = (userId: number): string => String(userId);
