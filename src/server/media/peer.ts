import { RTCPeerConnection } from 'werift';
import { SfuError, type SfuOptions } from './sfu-api';
import { CODECS, HEADER_EXTENSIONS } from './rtp';

// The SFU's WebRTC connections: made with its codecs, answered without trickle ICE, and dropped
// when they fail, close, or never connect.

const GATHER_MS = 3_000;

/** A connection offering what the SFU forwards (Opus, VP8, the audio level), bundled on one transport. */
export function newPeer(options: SfuOptions): RTCPeerConnection {
  return new RTCPeerConnection({
    codecs: CODECS,
    iceServers: options.iceServers ?? [],
    iceAdditionalHostAddresses: options.extraHostAddresses,
    icePortRange: options.portRange,
    bundlePolicy: 'max-bundle',
    headerExtensions: HEADER_EXTENSIONS,
  });
}

/** Answers an offer once every candidate is in the answer; a malformed offer is badSdp. */
export async function answerOffer(pc: RTCPeerConnection, offer: string): Promise<string> {
  if (!/^v=0\r?\n/.test(offer) || !/^m=(audio|video) /m.test(offer))
    throw new SfuError('badSdp', 'the offer has no audio or video');
  try {
    await pc.setRemoteDescription({ type: 'offer', sdp: offer });
  } catch (err) {
    throw new SfuError('badSdp', err instanceof Error ? err.message : String(err));
  }
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  return pc.localDescription!.sdp;
}

/**
 * Waits until the connection's candidates are all in its description (no trickle ICE), or at
 * most GATHER_MS: a STUN server that does not answer must not hold a call up.
 */
export async function gathered(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, GATHER_MS);
    const { unSubscribe } = pc.iceGatheringStateChange.subscribe((state) => {
      if (state === 'complete') done();
    });
    function done() {
      clearTimeout(timer);
      unSubscribe();
      resolve();
    }
  });
}

/** Drops a connection that fails, closes, or never connects. */
export function watchConnection(pc: RTCPeerConnection, connectTimeoutMs: number, drop: () => void): void {
  const timer = setTimeout(() => {
    if (pc.connectionState !== 'connected') drop();
  }, connectTimeoutMs);
  timer.unref();
  pc.connectionStateChange.subscribe((state) => {
    if (state === 'connected') clearTimeout(timer);
    if (state === 'failed' || state === 'closed') {
      clearTimeout(timer);
      drop();
    }
  });
}
