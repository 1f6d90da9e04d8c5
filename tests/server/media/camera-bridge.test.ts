import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RTCPeerConnection } from 'werift';
import {
  CAMERA_UID,
  CameraBridge,
  CameraError,
  cameraMessage,
  probeCamera,
} from '../../../src/server/media/camera-bridge';
import { Sfu } from '../../../src/server/media/sfu';
import { startRtspServer, type RtspServer } from '../../../src/sim/rtsp';
import { until } from '../ingest-helper';
import { connected, localSdp, loopbackPeer } from '../media-helper';

// The simulator's RTSP camera (H.264) bridged into the SFU by ffmpeg (VP8): a werift peer
// subscribes as a browser would and must receive whole VP8 frames.

let rtsp: RtspServer;
let sfu: Sfu;
let bridge: CameraBridge;
const open: RTCPeerConnection[] = [];

beforeAll(async () => {
  rtsp = await startRtspServer({ port: 0 });
});
afterAll(async () => {
  await rtsp.close();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((pc) => pc.close().catch(() => undefined)));
  await bridge?.closeAll();
  await sfu?.close();
});

async function watch(room: string) {
  const pc = loopbackPeer(open);
  const frames = { video: 0, audio: 0, codec: '' };
  pc.onTrack.subscribe((track) => {
    track.onReceiveRtp.subscribe((rtp) => {
      if (track.kind === 'video' && rtp.header.marker) frames.video += 1;
    });
  });
  const offer = await sfu.subscribe(room, '42', CAMERA_UID);
  await pc.setRemoteDescription({ type: 'offer', sdp: offer.sdp });
  await pc.setLocalDescription(await pc.createAnswer());
  await sfu.accept(room, '42', offer.id, await localSdp(pc));
  await connected(pc);
  return { pc, frames, id: offer.id };
}

describe('the camera bridge', () => {
  it('probes the test camera: H.264 640x480 without sound', async () => {
    expect(await probeCamera(rtsp.url('/cam2'))).toEqual({
      video: { codec: 'h264', width: 640, height: 480 },
      audio: undefined,
    });
  }, 30_000);

  it("brings an RTSP camera's picture into its room, where a subscriber receives VP8 frames; it stops once nobody watches", async () => {
    let now = Date.now();
    sfu = new Sfu({ extraHostAddresses: ['127.0.0.1'] });
    bridge = new CameraBridge({ sfu, idleMs: 1_000, now: () => now });
    await bridge.open('cam_1_1', rtsp.url('/cam1'));
    expect(sfu.room('cam_1_1')).toEqual([{ uid: CAMERA_UID, kinds: ['video'], publication: expect.any(Number) }]);
    const viewer = await watch('cam_1_1');
    await until(() => viewer.frames.video > 10, 20_000);
    expect(viewer.pc.getTransceivers().some((t) => t.kind === 'video')).toBe(true);

    // A second open of the same room reuses the running bridge.
    await bridge.open('cam_1_1', rtsp.url('/cam1'));
    expect(bridge.active()).toEqual(['cam_1_1']);

    sfu.leave('cam_1_1', '42', viewer.id);
    now += 2_000;
    await until(() => bridge.active().length === 0, 10_000);
    expect(sfu.room('cam_1_1')).toEqual([]);
  }, 60_000);

  it('refuses a camera that cannot be read with a line saying why, without the password', async () => {
    sfu = new Sfu();
    bridge = new CameraBridge({ sfu });
    const err = await bridge
      .open('cam_1_2', `rtsp://admin:secret@127.0.0.1:${rtsp.port}/nope`)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CameraError);
    expect((err as Error).message).toMatch(/404|not found/i);
    expect((err as Error).message).not.toContain('secret');
    expect(bridge.active()).toEqual([]);
    expect(sfu.room('cam_1_2')).toEqual([]);
  }, 30_000);

  it('hides passwords in what ffmpeg printed', () => {
    expect(
      cameraMessage('x\n[rtsp @ 0x1] method DESCRIBE failed: rtsp://u:p4ss@10.0.0.2/live 401 Unauthorized\n', 'f'),
    ).toBe('[rtsp @ 0x1] method DESCRIBE failed: rtsp://u:****@10.0.0.2/live 401 Unauthorized');
    expect(cameraMessage('', 'fallback')).toBe('fallback');
  });
});
