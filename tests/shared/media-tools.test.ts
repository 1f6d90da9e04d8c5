import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findMediaTool, mediaToolLines, mediaToolMissing, mediaToolPath } from '../../src/shared/media-tools';

// Real files on a PATH made for each case, and the packaged build that `npm install` brought.
const root = mkdtempSync(join(tmpdir(), 'media-tools-'));
const dir = (name: string, files: Record<string, number>) => {
  const d = join(root, name);
  mkdirSync(d);
  for (const [file, mode] of Object.entries(files)) {
    writeFileSync(join(d, file), '#!/bin/sh\necho fake\n');
    chmodSync(join(d, file), mode);
  }
  return d;
};
const tools = dir('tools', { ffmpeg: 0o755, ffprobe: 0o755 });
const notRunnable = dir('not-runnable', { ffmpeg: 0o644 });
const empty = dir('empty', {});
const nowhere = { packaged: () => ({ why: 'Unsupported platform/architecture: sunos-sparc' }) };

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('which ffmpeg and ffprobe run', () => {
  it('takes FFMPEG_PATH / FFPROBE_PATH first, over the PATH and the packaged build', () => {
    const env = { PATH: tools, FFMPEG_PATH: ' /opt/ffmpeg7/bin/ffmpeg ', FFPROBE_PATH: '/opt/ffmpeg7/bin/ffprobe' };
    expect(findMediaTool('ffmpeg', { env })).toEqual({ path: '/opt/ffmpeg7/bin/ffmpeg', source: 'env' });
    expect(findMediaTool('ffprobe', { env })).toEqual({ path: '/opt/ffmpeg7/bin/ffprobe', source: 'env' });
  });

  it('takes the PATH over the packaged build, skipping a file that cannot run', () => {
    const env = { PATH: [notRunnable, empty, tools].join(delimiter) };
    expect(findMediaTool('ffmpeg', { env })).toEqual({ path: join(tools, 'ffmpeg'), source: 'PATH' });
    expect(mediaToolPath('ffprobe', { env })).toBe(join(tools, 'ffprobe'));
  });

  it('falls back to the packaged build, which runs', () => {
    for (const tool of ['ffmpeg', 'ffprobe'] as const) {
      const found = findMediaTool(tool, { env: { PATH: empty } });
      expect(found).toEqual({
        path: expect.stringContaining(
          join('node_modules', `@${tool}-installer`, `${process.platform}-${process.arch}`),
        ),
        source: 'packaged',
      });
      expect(execFileSync(mediaToolPath(tool, { env: { PATH: empty } }), ['-version'], { encoding: 'utf8' })).toMatch(
        new RegExp(`^${tool} version`),
      );
    }
  });

  it('refuses with a line saying why when there is none', () => {
    const env = { PATH: [notRunnable, empty].join(delimiter) };
    const why =
      'ffmpeg not found: not on the PATH, and no packaged build (Unsupported platform/architecture: sunos-sparc); install ffmpeg or set FFMPEG_PATH';
    expect(findMediaTool('ffmpeg', { env, ...nowhere })).toEqual({ why });
    // The bare name is spawned and fails (ENOENT): that failure is told with the same line.
    expect(mediaToolPath('ffmpeg', { env, ...nowhere })).toBe('ffmpeg');
    expect(mediaToolMissing('ffmpeg', 'ffmpeg', { env, ...nowhere })).toBe(why);
    expect(findMediaTool('ffprobe', { env, packaged: () => ({ path: join(notRunnable, 'ffmpeg') }) })).toEqual({
      why: `ffprobe not found: not on the PATH, and no packaged build (${join(notRunnable, 'ffmpeg')} is not executable); install ffprobe or set FFPROBE_PATH`,
    });
    expect(mediaToolMissing('ffmpeg', '/nope/ffmpeg', { env: { FFMPEG_PATH: '/nope/ffmpeg' } })).toBe(
      'ffmpeg not found ("/nope/ffmpeg" from FFMPEG_PATH)',
    );
  });

  it("says in the service's start lines which ones run and from where, or what is off", () => {
    expect(mediaToolLines({ env: { PATH: tools, FFPROBE_PATH: 'ffprobe' } })).toEqual([
      `  ffmpeg: ${join(tools, 'ffmpeg')} (from the PATH)`,
      `  ffprobe: ${join(tools, 'ffprobe')} (FFPROBE_PATH)`,
    ]);
    expect(mediaToolLines({ env: { PATH: empty } })).toEqual([
      expect.stringMatching(/^ {2}ffmpeg: \S+ \(packaged: @ffmpeg-installer\/ffmpeg\)$/),
      expect.stringMatching(/^ {2}ffprobe: \S+ \(packaged: @ffprobe-installer\/ffprobe\)$/),
    ]);
    expect(mediaToolLines({ env: { PATH: tools, FFPROBE_PATH: join(empty, 'ffprobe') } })[1]).toBe(
      `  ffprobe: none, cameras are off (FFPROBE_PATH=${join(empty, 'ffprobe')} is not an executable file)`,
    );
    expect(mediaToolLines({ env: { PATH: empty }, ...nowhere })).toEqual([
      '  media: off, no ffmpeg for recordings, cameras, ad videos and posters (ffmpeg not found: not on the PATH, and no packaged build (Unsupported platform/architecture: sunos-sparc); install ffmpeg or set FFMPEG_PATH)',
    ]);
  });
});
