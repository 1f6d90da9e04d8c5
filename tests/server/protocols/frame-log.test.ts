import { describe, expect, it } from 'vitest';
import { FrameLog, LOG_FRAMES } from '../../../src/server/protocols/frame-log';

describe('raw frame log (docs/protocols.md "Raw frame log")', () => {
  it('keeps the direction and the strict-framing refusal of each frame with its bytes and time', () => {
    const log = new FrameLog();
    log.add(1, 'in', Buffer.from('a'));
    log.add(2, 'out', Buffer.from('b'));
    log.add(3, 'in', Buffer.from('c'), true);
    // An out frame is never marked refused.
    log.add(4, 'out', Buffer.from('d'), true);
    expect(log.frames()).toEqual([
      { at: 1, dir: 'in', bytes: Buffer.from('a') },
      { at: 2, dir: 'out', bytes: Buffer.from('b') },
      { at: 3, dir: 'in', bytes: Buffer.from('c'), refused: true },
      { at: 4, dir: 'out', bytes: Buffer.from('d') },
    ]);
  });

  it('the marks survive the log compacting and dropping its oldest frames', () => {
    const log = new FrameLog();
    for (let i = 0; i < LOG_FRAMES + 50; i++) log.add(i, 'in', Buffer.alloc(10, i), i % 3 === 0);
    const frames = log.frames();
    expect(frames).toHaveLength(LOG_FRAMES);
    for (const f of frames) expect(f.refused === true).toBe(f.at % 3 === 0);
  });
});
