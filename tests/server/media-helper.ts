import { RTCPeerConnection } from 'werift';

/**
 * A werift peer that also offers the loopback address, kept in `open` for closing after the test.
 * No STUN server: werift's default (Google's) holds gathering up where it cannot be reached. One
 * transport: without max-bundle the offer's unused one keeps its sockets after close().
 */
export function loopbackPeer(open: RTCPeerConnection[]): RTCPeerConnection {
  const pc = new RTCPeerConnection({
    iceServers: [],
    iceAdditionalHostAddresses: ['127.0.0.1'],
    bundlePolicy: 'max-bundle',
  });
  open.push(pc);
  return pc;
}

/** The peer's local description once its candidates are all in it (the SFU takes no trickle). */
export async function localSdp(pc: RTCPeerConnection): Promise<string> {
  if (pc.iceGatheringState !== 'complete') await pc.iceGatheringStateChange.watch((s) => s === 'complete');
  return pc.localDescription!.sdp;
}

export async function connected(pc: RTCPeerConnection): Promise<void> {
  if (pc.connectionState !== 'connected') await pc.connectionStateChange.watch((s) => s === 'connected');
}
