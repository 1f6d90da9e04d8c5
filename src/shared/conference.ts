import { z } from 'zod';
import { IMEI_RE } from './devices/protocol';
import { seedOf } from './prng';

/**
 * The conference protocol of docs/requirements/realtime-video.md ("Conference service"), served by
 * the service under /api/conf on its own SFU. Exact JSON of every message: docs/conference-protocol.md.
 */

/** docs/requirements/constants.md#conference. */
export const CONF_POLL_MS = 500;
export const CONF_POST_RETRIES = 5;
export const CONF_CAPACITY = 16;
export const CONF_MAX_RESOLUTION = 1;
/** An instance not polled for this long is gone (its rooms left). */
export const CONF_INSTANCE_TTL_MS = 30_000;
/** The join dialog's shown default. */
export const CONF_DEFAULT_ROOM = '1111';
/** The service's own side of every message (`from` of its events, `to` of commands). */
export const CONF_SERVER = 'server';

/** `ret` values besides 0 (success). */
export const CONF_RET = { badRequest: 1, badCredentials: 2, invalidInstance: 3, invalidConfNum: 4 } as const;

/** State bits of a member (docs/requirements/realtime-video.md#participants). */
export const STATE_BITS = { enableAudio: 8, enableVideo: 4, transmitAudio: 2, transmitVideo: 1 } as const;

/** Role values: the bands between 2^12 and 2^16; the room's first member is its owner. */
export const ROLE = { member: 2 ** 12, owner: 2 ** 15 } as const;

export const confLoginBody = z.object({
  accountName: z.string().regex(/^\d{1,10}$/, 'accountName is the user id'),
  password: z.string().min(1).max(256),
  appKey: z.string().min(1).max(128),
  regionId: z.union([z.string(), z.number()]).optional(),
  roomType: z.union([z.string(), z.number()]).optional(),
  webrtcVersion: z.union([z.string(), z.number()]).optional(),
});

export const confLoginParams = z.object({ n: z.coerce.number().int().min(1).max(100) });
export const confPollParams = z.object({ confNum: z.string().max(16), instanceId: z.string().max(64) });

const SDP_MAX = 64 * 1024;

const confSdp = z.object({
  type: z.enum(['offer', 'answer']),
  sdp: z.string().min(1).max(SDP_MAX),
  id: z.string().max(64).optional(),
});
export type ConfSdp = z.infer<typeof confSdp>;

/** One message either way, in `data` as JSON text or (from the console) as an object. */
export const confMessage = z.object({
  from: z.string().max(64),
  to: z.string().max(64),
  type: z.enum(['msg', 'cmd', 'sdp', 'ice']),
  txt: z.string().max(8192).optional(),
  sdp: confSdp.optional(),
  ice: z.unknown().optional(),
});
export type ConfMessage = z.infer<typeof confMessage>;

export const confSetBody = z.object({ data: z.array(z.union([z.string().max(SDP_MAX + 1024), confMessage])).max(32) });

/** The commands of a `cmd` message's `txt` (JSON). */
export const confCommand = z.discriminatedUnion('cmd', [
  z.object({ cmd: z.literal('getrealm') }),
  z.object({
    cmd: z.literal('joinroom'),
    roomId: z.string().regex(/^\d{1,8}$/),
    password: z.string().max(64).optional(),
    displayName: z.string().max(64).optional(),
    /** What the console will send (the enableAudio/enableVideo bits); both when absent. */
    audio: z.boolean().optional(),
    video: z.boolean().optional(),
  }),
  z.object({ cmd: z.literal('leaveroom') }),
  z.object({ cmd: z.literal('stopconf') }),
  z.object({ cmd: z.literal('subscribe'), uid: z.string().regex(/^\d{1,10}$/) }),
  z.object({ cmd: z.literal('getmediainfo') }),
  z.object({
    cmd: z.literal('setmediainfo'),
    uri: z.string().max(256).optional(),
    type: z.number().int().optional(),
    ps: z.number().int().optional(),
    fps: z.number().int().optional(),
  }),
  z.object({ cmd: z.literal('sendtext'), text: z.string().max(4096) }),
]);
export type ConfCommand = z.infer<typeof confCommand>;

/** A `sendtext` command's text, once base64-decoded. */
export const recordCommand = z.discriminatedUnion('Command', [
  z.object({
    Command: z.literal('StartRecord'),
    Video: z.boolean().optional(),
    Storage: z
      .object({
        Protocol: z.union([z.string(), z.number()]).optional(),
        AccessKey: z.string().optional(),
        SecretKey: z.string().optional(),
        BucketName: z.string().optional(),
        FileKey: z.string().optional(),
        UploadEndpoint: z.string().optional(),
      })
      .optional(),
  }),
  z.object({ Command: z.literal('StopRecord') }),
]);
export type RecordCommand = z.infer<typeof recordCommand>;

export interface ConfMember {
  uid: string;
  userName: string;
  displayName: string;
  /** STATE_BITS. */
  state: number;
  /** ROLE. */
  role: number;
}

export interface ConfRoom {
  roomId: string;
  displayName: string;
  password: string;
  capacity: number;
  maxResolution: number;
  channelId: string;
  record: boolean;
}

export interface ConfMediaInfo {
  uri: string;
  type: number;
  ps: number;
  fps: number;
}

/** Events: a `msg` message's `txt` (JSON). */
export type ConfEvent =
  | { event: 'ongetrealmok'; realm: string; uid: string; displayName: string }
  | { event: 'onconfjoinok'; room: ConfRoom; members: ConfMember[]; self: ConfMember }
  | { event: 'onconfjoinfail'; roomId: string; reason: 'full' | 'password' }
  | { event: 'onconfdidleave'; roomId: string; reason: 'left' | 'stopped' | 'replaced' | 'expired' }
  | { event: 'onconfstate'; roomId: string; count: number; record: boolean }
  | { event: 'onselfstate'; member: ConfMember }
  | { event: 'onactorstate'; member: ConfMember }
  | { event: 'onactorleave'; uid: string }
  | { event: 'onmedianotiy'; uid: string; publication: number; kinds: ('audio' | 'video')[] }
  | { event: 'onmediainfo'; info: ConfMediaInfo }
  /** A member's speaking volume, 0-100, when it changed (at most every 500 ms; from the audio level its packets carry). */
  | { event: 'onvolumechanged'; uid: string; volume: number }
  | {
      event: 'sendtext';
      command: 'StartRecord' | 'StopRecord';
      ok: boolean;
      file?: string;
      fileName?: string;
      msg?: string;
    }
  | { event: 'onerror'; cmd: string; msg: string };

export interface ConfLoginData {
  instanceId: string;
  confNum: string;
  /**
   * `url` of docs/requirements/realtime-video.md#room (the first URL), plus `urls` as
   * RTCPeerConnection takes them.
   */
  iceServers: { url: string; urls: string[]; username?: string; credential?: string }[];
}

export type ConfAnswer<T> = { ret: 0; data: T } | { ret: number; msg: string };

/** 0/1 or a boolean, as consoles send flags. */
const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform(Boolean);

/**
 * `POST order/manyVideoCallToJuphoon` {imeis, hide, roomId, video} (docs/requirements/realtime-video.md):
 * devices invited into the conference room the caller is in. `imeis` is a list or a comma-separated string.
 */
export const manyVideoCallBody = z.object({
  imeis: z
    .union([
      z.array(z.string()),
      z.string().transform((s) =>
        s
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().regex(IMEI_RE)).min(1).max(CONF_CAPACITY))
    .refine((list) => new Set(list).size === list.length, 'duplicateValues'),
  hide: flag.default(false),
  roomId: z.string().regex(/^\d{1,8}$/),
  video: flag.default(true),
});

/**
 * /callPhone's room for a receiver: the same 8 digits for the same receiver (FNV-1a), so a second
 * operator opening the same call link lands in the same room.
 */
export function callRoomOf(receiver: string): string {
  return String(seedOf(receiver) % 100_000_000).padStart(8, '0');
}

/** Comma-separated IMEIs of a page's query (/multiVoice?imeis=), the valid ones, at most a room's worth. */
export function imeiList(value: string | undefined): string[] {
  return [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((v) => v.trim())
        .filter((v) => IMEI_RE.test(v)),
    ),
  ].slice(0, CONF_CAPACITY - 1);
}

/** Room numbers of /moreRoom's `rooms=1111,2222`: the valid ones, each once, at most eight; 1111, 2222 and 3333 without. */
export function roomList(value: string | undefined): string[] {
  const rooms = [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((v) => v.trim())
        .filter((v) => /^\d{1,8}$/.test(v)),
    ),
  ].slice(0, 8);
  return rooms.length ? rooms : ['1111', '2222', '3333'];
}
