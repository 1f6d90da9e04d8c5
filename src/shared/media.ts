import { z } from 'zod';

/**
 * Signalling of the service's own SFU (src/server/media/sfu.ts, routes under /api/media). Every
 * call carries the channel, the caller's uid and the call token `voiceNet/buildToken` or the
 * door-call message handed out: the token is the right to join that channel, for consoles and
 * door units alike, as with Agora.
 */
const SDP_MAX = 64 * 1024;

export const mediaAuth = z.object({
  channel: z.string().min(1).max(63),
  uid: z.string().regex(/^\d{1,10}$/, 'expected a uid of up to 10 digits'),
  token: z.string().min(1).max(512),
});

export const mediaPublishBody = mediaAuth.extend({ sdp: z.string().min(1).max(SDP_MAX) });
export const mediaSubscribeBody = mediaAuth.extend({ publisher: z.string().regex(/^\d{1,10}$/) });
export const mediaAcceptBody = mediaAuth.extend({ id: z.uuid(), sdp: z.string().min(1).max(SDP_MAX) });
export const mediaLeaveBody = mediaAuth.extend({ id: z.uuid().optional() });

export interface MediaSessionAnswer {
  id: string;
  sdp: string;
}

export interface MediaRoomAnswer {
  /** `publication` changes when a uid publishes again (after a network change): subscribe to it anew. */
  publishers: { uid: string; kinds: ('audio' | 'video')[]; publication: number }[];
  /** How many receive the caller's own publication now (a device on the monitoring wall leaves when nobody does). */
  watchers: number;
  /** STUN/TURN for the caller's RTCPeerConnection (ICE_SERVERS; TURN credentials are the caller's own, short-lived). */
  iceServers: { urls: string[]; username?: string; credential?: string }[];
}
