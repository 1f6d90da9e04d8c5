import { afterEach, describe, expect, it } from 'vitest';
import { MediaStreamTrack, RTCPeerConnection, RTCRtpHeaderExtensionParameters, RtpHeader, RtpPacket } from 'werift';
import { Sfu, SfuError, startsVp8KeyFrame, volumeOf, type MediaKind } from '../../../src/server/media/sfu';
import { until } from '../ingest-helper';
import { connected, localSdp as gathered, loopbackPeer } from '../media-helper';

// Two werift peers on this machine stand in for a browser and a door unit: one publishes RTP
// into the SFU, the other subscribes and must receive the same payloads on both kinds.

const open: RTCPeerConnection[] = [];
let sfu: Sfu | undefined;

afterEach(async () => {
  await Promise.all(open.splice(0).map((pc) => pc.close().catch(() => undefined)));
  await sfu?.close();
  sfu = undefined;
});

const peer = () => loopbackPeer(open);

/** A client that publishes an audio and a video track into `room` as `uid`. */
async function publish(room: string, uid: string) {
  const pc = peer();
  const tracks = { audio: new MediaStreamTrack({ kind: 'audio' }), video: new MediaStreamTrack({ kind: 'video' }) };
  pc.addTransceiver(tracks.audio, { direction: 'sendonly' });
  pc.addTransceiver(tracks.video, { direction: 'sendonly' });
  await pc.setLocalDescription(await pc.createOffer());
  const { id, sdp } = await sfu!.publish(room, uid, await gathered(pc));
  await pc.setRemoteDescription({ type: 'answer', sdp });
  await connected(pc);
  let seq = 0;
  const send = (kind: MediaKind, payload: Buffer, timestamp = seq * 3000) =>
    tracks[kind].writeRtp(
      new RtpPacket(new RtpHeader({ sequenceNumber: seq++ & 0xffff, timestamp, marker: true }), payload),
    );
  return { id, pc, send };
}

/** A client that receives `publisherUid` in `room`; collects the payloads per kind. */
async function subscribe(room: string, uid: string, publisherUid: string) {
  const pc = peer();
  const received: Record<MediaKind, string[]> = { audio: [], video: [] };
  const stamps: number[] = [];
  pc.onTrack.subscribe((track) => {
    track.onReceiveRtp.subscribe((rtp) => {
      received[track.kind as MediaKind].push(rtp.payload.toString());
      if (track.kind === 'video') stamps.push(rtp.header.timestamp);
    });
  });
  const offer = await sfu!.subscribe(room, uid, publisherUid);
  await pc.setRemoteDescription({ type: 'offer', sdp: offer.sdp });
  await pc.setLocalDescription(await pc.createAnswer());
  await sfu!.accept(room, uid, offer.id, await gathered(pc));
  await connected(pc);
  return { id: offer.id, pc, received, stamps };
}

describe('the in-service SFU', () => {
  it('forwards a publisher’s audio and video to a subscriber, payloads unchanged', async () => {
    sfu = new Sfu({ extraHostAddresses: ['127.0.0.1'] });
    const door = await publish('860000000000001_0101', 'door');
    expect(sfu.room('860000000000001_0101')).toEqual([
      { uid: 'door', kinds: expect.arrayContaining(['audio', 'video']), publication: expect.any(Number) },
    ]);
    const operator = await subscribe('860000000000001_0101', 'op', 'door');

    await until(
      () => {
        door.send('audio', Buffer.from(`tone ${Date.now()}`));
        door.send('video', Buffer.from(`frame ${Date.now()}`));
        return operator.received.audio.length >= 3 && operator.received.video.length >= 3;
      },
      10_000,
      'forwarded media',
    );
    expect(operator.received.audio.every((p) => p.startsWith('tone '))).toBe(true);
    expect(operator.received.video.every((p) => p.startsWith('frame '))).toBe(true);
    expect(sfu.stats('860000000000001_0101')[0]).toMatchObject({ uid: 'door', subscribers: 1 });
  }, 30_000);

  it('recognizes a VP8 key frame’s first packet (RFC 7741), with and without the extended descriptor', () => {
    // As ffmpeg packetizes: X and S set, a 15-bit picture id, then the frame header (P bit clear: key frame).
    expect(startsVp8KeyFrame(Buffer.from([0x90, 0x80, 0x80, 0x01, 0x50, 0x2a]))).toBe(true);
    expect(startsVp8KeyFrame(Buffer.from([0x90, 0x80, 0x80, 0x01, 0x51, 0x2a]))).toBe(false);
    // A 7-bit picture id, TL0PICIDX and TID as a browser sends them.
    expect(startsVp8KeyFrame(Buffer.from([0x90, 0xe0, 0x05, 0x07, 0x40, 0x10]))).toBe(true);
    expect(startsVp8KeyFrame(Buffer.from([0x10, 0x00]))).toBe(true);
    // A later packet of the frame (S clear), another partition, and too short a payload.
    expect(startsVp8KeyFrame(Buffer.from([0x80, 0x80, 0x80, 0x01, 0x50]))).toBe(false);
    expect(startsVp8KeyFrame(Buffer.from([0x11, 0x00]))).toBe(false);
    expect(startsVp8KeyFrame(Buffer.from([0x90, 0x80]))).toBe(false);
  });

  it('gives a late subscriber the last key frame and the frames since at once, then the live ones', async () => {
    sfu = new Sfu({ extraHostAddresses: ['127.0.0.1'] });
    const door = await publish('r', 'door');
    // Frames before the key frame are no use to a newcomer; the key frame and what follows are.
    const frame = (key: boolean, name: string) =>
      Buffer.concat([Buffer.from([0x10, key ? 0x00 : 0x01]), Buffer.from(name)]);
    door.send('video', frame(false, 'old'), 3000);
    door.send('video', frame(true, 'key'), 6000);
    door.send('video', frame(false, 'd1'), 12_000);
    door.send('video', frame(false, 'd2'), 18_000);
    await until(() => sfu!.stats('r')[0]!.forwarded.video >= 4 || undefined, 10_000, 'the frames at the SFU');

    const operator = await subscribe('r', 'op', 'door');
    await until(() => operator.received.video.length >= 3 || undefined, 10_000, 'the kept frames');
    door.send('video', frame(false, 'd3'), 24_000);
    await until(() => operator.received.video.length >= 4 || undefined, 10_000, 'the live frame');
    expect(operator.received.video.map((p) => p.slice(2))).toEqual(['key', 'd1', 'd2', 'd3']);
    // The kept frames are pressed together up to the newest one's time; the live frames follow on.
    expect(operator.stamps).toEqual([17_998, 17_999, 18_000, 24_000]);
  }, 30_000);

  it('keeps a bounded picture since a key frame: past it a newcomer waits for the next key frame', async () => {
    sfu = new Sfu({ extraHostAddresses: ['127.0.0.1'], gopPackets: 3 });
    const door = await publish('r', 'door');
    door.send('video', Buffer.from([0x10, 0x00, 0x6b]));
    for (let i = 0; i < 3; i++) door.send('video', Buffer.from([0x10, 0x01, 0x30 + i]));
    await until(() => sfu!.stats('r')[0]!.forwarded.video >= 4 || undefined, 10_000, 'the frames at the SFU');
    const operator = await subscribe('r', 'op', 'door');
    door.send('video', Buffer.from([0x10, 0x00, 0x4b]));
    await until(() => operator.received.video.length >= 1 || undefined, 10_000, 'the next key frame');
    expect(operator.received.video).toEqual(['\x10\x00K']);
  }, 30_000);

  it('keeps rooms apart, refuses a full room, an unknown publisher and a broken offer', async () => {
    sfu = new Sfu({ extraHostAddresses: ['127.0.0.1'], maxParticipants: 1 });
    await publish('room-a', 'a');
    expect(sfu.room('room-b')).toEqual([]);
    await expect(sfu.subscribe('room-b', 'x', 'a')).rejects.toMatchObject({ key: 'noSuchPublisher' });

    const second = peer();
    second.addTransceiver('audio', { direction: 'sendonly' });
    await second.setLocalDescription(await second.createOffer());
    await expect(sfu.publish('room-a', 'b', await gathered(second))).rejects.toBeInstanceOf(SfuError);
    await expect(sfu.publish('room-c', 'c', 'v=0 not an offer')).rejects.toMatchObject({ key: 'badSdp' });
    expect(sfu.room('room-c')).toEqual([]);
  }, 30_000);

  it('a publisher leaving ends its subscriptions and tells the room', async () => {
    sfu = new Sfu({ extraHostAddresses: ['127.0.0.1'] });
    const changes: string[] = [];
    sfu.onRoomChange((room) => changes.push(room));
    const first = await publish('r', 'door');
    const [before] = sfu.room('r');
    // A door unit that publishes again (a network change) replaces its publication under a new number.
    const door = await publish('r', 'door');
    expect(sfu.room('r')).toEqual([{ uid: 'door', kinds: expect.any(Array), publication: expect.any(Number) }]);
    expect(sfu.room('r')[0]!.publication).toBeGreaterThan(before!.publication);
    first.pc.close().catch(() => undefined);
    const operator = await subscribe('r', 'op', 'door');
    sfu.leave('r', 'op', door.id);
    expect(sfu.room('r')).toHaveLength(1);
    sfu.leave('r', 'door', door.id);
    expect(sfu.room('r')).toEqual([]);
    expect(sfu.stats('r')).toEqual([]);
    await expect(sfu.accept('r', 'op', operator.id, 'v=0')).rejects.toMatchObject({ key: 'noSuchSession' });
    expect(changes.at(-1)).toBe('r');
  }, 30_000);

  it('reports a publisher’s volume from the audio level its packets carry (RFC 6464), when it changes', async () => {
    expect([0, 6, 30, 60, 127].map(volumeOf)).toEqual([100, 90, 50, 0, 0]);
    sfu = new Sfu({ extraHostAddresses: ['127.0.0.1'] });
    const reports: [string, string, number][] = [];
    const stop = sfu.onVolume((room, uid, volume) => reports.push([room, uid, volume]));
    const pc = new RTCPeerConnection({
      iceServers: [],
      iceAdditionalHostAddresses: ['127.0.0.1'],
      bundlePolicy: 'max-bundle',
      headerExtensions: {
        audio: [new RTCRtpHeaderExtensionParameters({ id: 1, uri: 'urn:ietf:params:rtp-hdrext:ssrc-audio-level' })],
      },
    });
    open.push(pc);
    const track = new MediaStreamTrack({ kind: 'audio' });
    pc.addTransceiver(track, { direction: 'sendonly' });
    await pc.setLocalDescription(await pc.createOffer());
    const { sdp } = await sfu.publish('room_7', 'talker', await gathered(pc));
    await pc.setRemoteDescription({ type: 'answer', sdp });
    await connected(pc);
    let seq = 0;
    const speak = (level: number) => {
      const header = new RtpHeader({ sequenceNumber: seq++ & 0xffff, timestamp: seq * 960 });
      header.extension = true;
      header.extensions = [{ id: 1, payload: Buffer.from([0x80 | level]) }];
      track.writeRtp(new RtpPacket(header, Buffer.from('opus')));
    };
    // Loud (6 dBov below full scale), then silence: two reports, the second 0.
    await until(
      () => {
        speak(6);
        return reports.some(([, , v]) => v === 90) || undefined;
      },
      10_000,
      'the loud report',
    );
    expect(reports[0]).toEqual(['room_7', 'talker', 90]);
    await until(
      () => {
        speak(127);
        return reports.some(([, , v]) => v === 0) || undefined;
      },
      10_000,
      'the silent report',
    );
    // Steady levels are not reported again.
    const count = reports.length;
    for (let i = 0; i < 20; i++) speak(127);
    await new Promise((r) => setTimeout(r, 1200));
    expect(reports.length).toBe(count);
    stop();
  }, 30_000);
});
