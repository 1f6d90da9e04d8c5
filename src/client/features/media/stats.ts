/** What a receiving connection's `inbound-rtp` reports say, summed over its tracks. */
interface InboundStats {
  width: number;
  height: number;
  fps: number;
  framesDecoded: number;
  /** WebRTC's totalAudioEnergy: above 0 once sound arrived. */
  audioEnergy: number;
  bytes: number;
}

/** Receive figures of one connection (the call dialog's and the conference tiles' quality lines). */
export async function inboundStats(pc: RTCPeerConnection): Promise<InboundStats> {
  const out: InboundStats = { width: 0, height: 0, fps: 0, framesDecoded: 0, audioEnergy: 0, bytes: 0 };
  (await pc.getStats()).forEach((s: Record<string, unknown>) => {
    if (s.type !== 'inbound-rtp') return;
    out.bytes += Number(s.bytesReceived ?? 0);
    if (s.kind === 'video') {
      out.width = Number(s.frameWidth ?? 0);
      out.height = Number(s.frameHeight ?? 0);
      out.fps = Number(s.framesPerSecond ?? 0);
      out.framesDecoded = Number(s.framesDecoded ?? 0);
    } else if (s.kind === 'audio') {
      out.audioEnergy = Number(s.totalAudioEnergy ?? 0);
    }
  });
  return out;
}
