// The SFU bench's subscribers (tests/bench/media-sfu.ts), in a process of their own so that
// decrypting K streams does not take the SFU's CPU. Driven over the IPC channel: it answers the
// SFU's offers, and counts each subscriber's video packets by sequence number (a NACK's
// retransmission is not counted twice) during a measuring window and after it.
import { type RTCPeerConnection } from 'werift';
import { connected, localSdp, loopbackPeer } from '../server/media-helper';
import type { FromSubscribers, ToSubscribers } from './media-sfu';

interface Counted {
  seqs: Set<number>;
  /** Unique packets that had arrived when the window closed. */
  onTime: number;
}

const peers: RTCPeerConnection[] = [];
const counted: Counted[] = [];
let open = false;
let cpu = process.cpuUsage();
let wall = performance.now();

const send = (msg: FromSubscribers) => process.send?.(msg);

async function subscribe(n: number, offer: string): Promise<void> {
  const pc = loopbackPeer(peers);
  const mine: Counted = { seqs: new Set(), onTime: 0 };
  counted[n] = mine;
  pc.onTrack.subscribe((track) => {
    if (track.kind !== 'video') return;
    track.onReceiveRtp.subscribe((rtp) => {
      if (open) mine.seqs.add(rtp.header.sequenceNumber);
    });
  });
  await pc.setRemoteDescription({ type: 'offer', sdp: offer });
  await pc.setLocalDescription(await pc.createAnswer());
  send({ t: 'answer', n, sdp: await localSdp(pc) });
  await connected(pc);
  send({ t: 'connected', n });
}

process.on('message', (msg: ToSubscribers) => {
  if (msg.t === 'subscribe') {
    subscribe(msg.n, msg.sdp).catch((err: unknown) => send({ t: 'failed', n: msg.n, error: String(err) }));
  } else if (msg.t === 'open') {
    for (const c of counted) c.seqs.clear();
    cpu = process.cpuUsage();
    wall = performance.now();
    open = true;
  } else if (msg.t === 'close') {
    for (const c of counted) c.onTime = c.seqs.size;
  } else if (msg.t === 'report') {
    // Late packets (after the drain the bench waits) are not the window's any more.
    open = false;
    const used = process.cpuUsage(cpu);
    send({
      t: 'report',
      onTime: counted.map((c) => c.onTime),
      total: counted.map((c) => c.seqs.size),
      cpuMs: (used.user + used.system) / 1000,
      wallMs: performance.now() - wall,
    });
  } else if (msg.t === 'quit') {
    void Promise.all(peers.map((pc) => pc.close().catch(() => undefined))).finally(() => process.exit(0));
  }
});
// The bench died or let go: nothing here may outlive it.
process.on('disconnect', () => process.exit(0));
