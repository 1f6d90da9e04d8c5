/** Business constants of docs/requirements/constants.md, in one place for both sides. */
export const REQUEST_TIMEOUT_MS = 30_000;
export const TOAST_MS = 2_300;
export const AUTO_LOGIN_TTL_MS = 60 * 60 * 1000;
/** Login call language (docs/requirements/calls-and-errors.md#login). */
export const LOGIN_LANGUAGE = 'CN';

export const SMS_RESEND_MS = 60_000;
export const SMS_VALID_MS = 5 * 60_000;
export const SMS_MAX_TRIES = 5;
export const SMS_CODE_LENGTH = 6;

/**
 * The operators' time zone when TIME_ZONE names none: where the service's days and hours start
 * and the clock the console shows dates on (docs/decisions.md "Time zones").
 */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** Session tokens live this long without use before they expire. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Login throttling: failures allowed per window, per account and per address. */
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 20;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
/** Login codes one phone may be sent per LOGIN_FAILURE_WINDOW_MS (each send costs money and annoys its owner). */
export const SMS_MAX_SENDS_PER_PHONE = 5;

/** Upload limits (docs/requirements/validation.md#uploads; the image message says 500 KB but the check is 600 KB). */
export const UPLOAD_IMAGE_MAX = 600 * 1024;
export const UPLOAD_FILE_MAX = 5 * 1024 * 1024;
export const UPLOAD_VIDEO_MAX = 20 * 1024 * 1024;
/** A call or conference recording (WebM from the SFU): under 1 GB, and at most 2 hours (it stops by itself then). */
export const RECORDING_MAX = 1024 * 1024 * 1024;
export const RECORDING_MAX_MS = 2 * 60 * 60 * 1000;
/** Audio pushed to speakers (pubMusic): MP3, WAV, Ogg or AAC under 10 MB. */
export const UPLOAD_AUDIO_MAX = 10 * 1024 * 1024;
/** A device's voice message (deviceVoice): under 1 MB (a minute of 8 kHz 16-bit mono WAV). */
export const VOICE_CLIP_MAX = 1024 * 1024;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;
