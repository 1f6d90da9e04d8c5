/**
 * The conference's recording commands (docs/conference-protocol.md): StartRecord/StopRecord go to
 * app.recorder, and the result comes back as a `sendtext` event the console toasts; without a
 * recorder, or on its failure, the event says so.
 */
import { describe, expect, it } from 'vitest';
import type { ConfEvent } from '../../../src/shared/conference';
import { record } from '../../../src/server/conference/record';
import { newRoom, type Instance } from '../../../src/server/conference/room';
import { RecorderError, type Recorder, type RecordingStart } from '../../../src/server/media/recorder-api';
import { manualClock } from '../helper';

const log = { warn: () => undefined } as never;
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64');

function member(uid: string): Instance {
  return {
    id: `inst-${uid}`,
    confNum: '1',
    userId: Number(uid),
    tenantId: 5,
    uid,
    userName: uid,
    displayName: uid,
    queue: [],
    lastPoll: 0,
    enabled: 12,
    subscriptions: new Map(),
    media: { uri: '', type: 0, ps: 0, fps: 0 },
    closing: false,
    work: Promise.resolve(),
  };
}

const events = (inst: Instance) =>
  inst.queue.map((m) => JSON.parse((JSON.parse(m) as { txt: string }).txt) as ConfEvent);

function inRoom() {
  const room = newRoom(5, '1111', '', '7');
  const a = member('7');
  const b = member('8');
  for (const m of [a, b]) {
    room.members.set(m.uid, m);
    m.room = room;
  }
  return { room, a, b };
}

describe('conference recording', () => {
  it('starts and stops the room’s recording through app.recorder, telling the asker and the room', async () => {
    const started: RecordingStart[] = [];
    const recorder: Recorder = {
      start: async (opts) => (started.push(opts), { id: 'rec-1' }),
      stop: async (id) => ({ file: `${id}.webm`, size: 10, durationMs: 1000 }),
    };
    const clock = manualClock(1_732_435_200_000);
    const listed: unknown[] = [];
    const recorded = async (done: unknown) => listed.push(done);
    const { room, a, b } = inRoom();
    await record(
      { recorder: () => recorder, recorded, clock, log },
      a,
      b64({ Command: 'StartRecord', Video: false, Storage: { Protocol: 2, FileKey: '../evil' } }),
    );
    expect(started).toEqual([{ room: 't5_room_1111', tenantId: 5, video: false, fileKey: 'web_1732435200000' }]);
    expect(room.recording).toEqual({ id: 'rec-1', by: '7', fileKey: 'web_1732435200000' });
    expect(events(a)).toEqual([
      { event: 'sendtext', command: 'StartRecord', ok: true },
      { event: 'onconfstate', roomId: '1111', count: 2, record: true },
    ]);
    expect(events(b)).toEqual([{ event: 'onconfstate', roomId: '1111', count: 2, record: true }]);

    // A second start is refused while the room records.
    await record({ recorder: () => recorder, recorded, clock, log }, b, b64({ Command: 'StartRecord' }));
    expect(events(b).at(-1)).toMatchObject({ event: 'sendtext', command: 'StartRecord', ok: false });

    await record({ recorder: () => recorder, recorded, clock, log }, b, b64({ Command: 'StopRecord' }));
    expect(room.recording).toBeUndefined();
    expect(events(b).slice(-2)).toEqual([
      { event: 'sendtext', command: 'StopRecord', ok: true, file: 'rec-1.webm', fileName: 'web_1732435200000_0000' },
      { event: 'onconfstate', roomId: '1111', count: 2, record: false },
    ]);
    // The finished file goes to the video library under the tenant, the room and its key.
    expect(listed).toEqual([
      { file: 'rec-1.webm', size: 10, durationMs: 1000, tenantId: 5, fileKey: 'web_1732435200000', room: 'room_1111' },
    ]);
  });

  it('fails the command without a recorder, on the recorder’s error, and for a bad payload', async () => {
    const clock = manualClock();
    const { a, b } = inRoom();
    await record(
      { recorder: () => undefined, recorded: async () => undefined, clock, log },
      a,
      b64({ Command: 'StartRecord' }),
    );
    expect(events(a).at(-1)).toEqual({
      event: 'sendtext',
      command: 'StartRecord',
      ok: false,
      msg: 'recording is not available',
    });

    const broken: Recorder = {
      start: async () => Promise.reject(new RecorderError('ffmpeg', 'ffmpeg exited')),
      stop: async () => Promise.reject(new Error('x')),
    };
    await record(
      { recorder: () => broken, recorded: async () => undefined, clock, log },
      a,
      b64({ Command: 'StartRecord' }),
    );
    expect(events(a).at(-1)).toEqual({ event: 'sendtext', command: 'StartRecord', ok: false, msg: 'ffmpeg exited' });
    await record(
      { recorder: () => broken, recorded: async () => undefined, clock, log },
      a,
      b64({ Command: 'StopRecord' }),
    );
    expect(events(a).at(-1)).toEqual({
      event: 'sendtext',
      command: 'StopRecord',
      ok: false,
      msg: 'the room is not being recorded',
    });

    // A recording whose stop fails has ended all the same: the asker hears the failure, and the room that it is not recorded.
    const empty: Recorder = {
      start: async () => ({ id: 'rec-2' }),
      stop: async () => Promise.reject(new RecorderError('empty', 'nothing was recorded')),
    };
    await record(
      { recorder: () => empty, recorded: async () => undefined, clock, log },
      a,
      b64({ Command: 'StartRecord' }),
    );
    await record(
      { recorder: () => empty, recorded: async () => undefined, clock, log },
      a,
      b64({ Command: 'StopRecord' }),
    );
    expect(a.room?.recording).toBeUndefined();
    expect(events(a).slice(-2)).toEqual([
      { event: 'sendtext', command: 'StopRecord', ok: false, msg: 'nothing was recorded' },
      { event: 'onconfstate', roomId: '1111', count: 2, record: false },
    ]);
    expect(events(b).at(-1)).toEqual({ event: 'onconfstate', roomId: '1111', count: 2, record: false });

    await record({ recorder: () => broken, recorded: async () => undefined, clock, log }, a, 'not base64 json');
    expect(events(a).at(-1)).toMatchObject({ event: 'onerror', cmd: 'sendtext' });
  });
});
