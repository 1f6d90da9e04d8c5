import { describe, expect, it } from 'vitest';
import { distanceM } from '../../src/shared/geo/fence';
import {
  BASE_TICKS,
  CSV_HEADER,
  MAX_CATCH_UP_TICKS,
  PLAYBACK,
  columnsOf,
  initialPlayback,
  metresPerPixel,
  playbackIndex,
  playbackPercent,
  playbackReducer as r,
  pointAt,
  simplifyTrack,
  stepPerTick,
  toCsv,
  toGpx,
  toMs,
  trackBody,
  type PlaybackAction,
  type PlaybackState,
  type TrackColumns,
} from '../../src/shared/geo/track';

const run = (s: PlaybackState, ...actions: PlaybackAction[]) => actions.reduce(r, s);
const ticks = (s: PlaybackState, k: number) => {
  for (let i = 0; i < k; i++) s = r(s, { type: 'tick' });
  return s;
};

describe('times and derivations', () => {
  it('createTime under 13 digits is seconds, 13 digits is ms', () => {
    expect(toMs(1_700_000_000)).toBe(1_700_000_000_000);
    expect(toMs('1700000000')).toBe(1_700_000_000_000);
    expect(toMs(1_700_000_000_123)).toBe(1_700_000_000_123);
    expect(toMs(999_999_999_999)).toBe(999_999_999_999_000);
    expect(toMs('not a time')).toBeNaN();
  });

  it('interval, distance and speed toward the next point; null on the last', () => {
    // 0.001 deg of latitude = 111.2 m (haversine on the mean radius), taken in 100 s.
    const track = columnsOf([
      { lat: 22.541, lon: 114.06, createTime: 1_700_000_100 },
      { lat: 22.54, lon: 114.06, createTime: 1_700_000_000, speed: 3.5 },
      { lat: 22.541, lon: 114.06, createTime: 1_700_000_100_000 },
    ]);
    expect(track.t).toEqual([1_700_000_000_000, 1_700_000_100_000, 1_700_000_100_000]);
    const first = pointAt(track, 0)!;
    expect(first.intervalTime).toBe(100);
    expect(first.nextDistance).toBeCloseTo(111.2, 1);
    expect(first.nextSpeed).toBeCloseTo((111.2 / 100) * 3.6, 1);
    expect(first.speed).toBe(3.5);
    const second = pointAt(track, 1)!;
    expect(second).toMatchObject({ intervalTime: 0, nextDistance: 0, nextSpeed: null, speed: null });
    expect(pointAt(track, 2)).toMatchObject({ intervalTime: null, nextDistance: null, nextSpeed: null });
    expect(pointAt(track, 3)).toBeNull();
    expect(pointAt(track, -1)).toBeNull();
  });
});

describe('request body', () => {
  const ok = { imei: '860000000000001', from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' };
  it('from <= to, at most 31 days, source defaults to all', () => {
    expect(trackBody.parse(ok).source).toBe('all');
    expect(trackBody.safeParse({ ...ok, to: ok.from }).success).toBe(true);
    expect(trackBody.safeParse({ ...ok, from: ok.to, to: ok.from }).error?.issues[0]?.message).toBe('dateInvalid');
    expect(trackBody.safeParse({ ...ok, to: '2026-02-01T00:00:00Z' }).success).toBe(true);
    expect(trackBody.safeParse({ ...ok, to: '2026-02-01T00:00:01Z' }).error?.issues[0]?.message).toBe('tooLarge');
    expect(trackBody.safeParse({ ...ok, from: 'yesterday' }).success).toBe(false);
  });
});

const line = (n: number): TrackColumns => {
  const t: number[] = [];
  const lat: number[] = [];
  const lon: number[] = [];
  for (let i = 0; i < n; i++) {
    t.push(1_767_225_600_000 + i * 1000);
    // A wiggly walk: small noise around a slow curve, so DP has plenty to drop.
    lat.push(22.54 + i * 1e-6 + Math.sin(i / 50) * 2e-4 + ((i * 7919) % 13) * 1e-7);
    lon.push(114.06 + Math.cos(i / 70) * 3e-4);
  }
  return { t, lat, lon, speed: t.map(() => null) };
};

describe('simplification', () => {
  // Its time is the track bench's (tests/bench/track.ts), not a unit test's.
  it('100,000 points: keeps both ends, under the target', () => {
    const track = line(100_000);
    const out = simplifyTrack(track, { target: 2000 });
    expect(out.length).toBeLessThanOrEqual(2000);
    expect(out.length).toBeGreaterThan(10);
    expect(out[0]).toEqual([track.lon[0], track.lat[0]]);
    expect(out.at(-1)).toEqual([track.lon[99_999], track.lat[99_999]]);
    expect(track.t).toHaveLength(100_000);
  });

  it('a zoom tolerance of one pixel drops less when zoomed in', () => {
    const track = line(5000);
    const far = simplifyTrack(track, { zoom: 12 });
    const near = simplifyTrack(track, { zoom: 19 });
    expect(near.length).toBeGreaterThan(far.length);
    expect(metresPerPixel(0, 0)).toBeCloseTo(156_543, 0);
    expect(simplifyTrack({ lat: [], lon: [] }, { zoom: 10 })).toEqual([]);
    expect(simplifyTrack({ lat: [1], lon: [2] }, { target: 10 })).toEqual([[2, 1]]);
  });
});

describe('files', () => {
  const track = columnsOf([
    { lat: 22.54, lon: 114.06, createTime: 1_767_225_600, speed: 4.2 },
    { lat: 22.5401, lon: 114.0601, createTime: 1_767_225_610 },
  ]);

  it('GPX 1.1 with escaped names and ISO UTC times, read back', () => {
    const gpx = toGpx(track, { name: 'Helmet <A & "B">', imei: '860000000000001' });
    expect(gpx).toContain('<gpx version="1.1"');
    expect(gpx).toContain('xmlns="http://www.topografix.com/GPX/1/1"');
    expect(gpx).toContain('<name>Helmet &lt;A &amp; &quot;B&quot;&gt;</name>');
    const pts = [...gpx.matchAll(/<trkpt lat="([^"]+)" lon="([^"]+)"><time>([^<]+)<\/time>/g)].map((m) => [
      Number(m[1]),
      Number(m[2]),
      m[3],
    ]);
    expect(pts).toEqual([
      [22.54, 114.06, '2026-01-01T00:00:00.000Z'],
      [22.5401, 114.0601, '2026-01-01T00:00:10.000Z'],
    ]);
  });

  it('CSV with the header, derivations and quoting, read back', () => {
    const csv = toCsv(track, '860000000000001');
    const rows = csv
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(rows[0]).toEqual([...CSV_HEADER]);
    expect(rows[1]!.slice(0, 5)).toEqual(['860000000000001', '2026-01-01T00:00:00.000Z', '22.54', '114.06', '4.2']);
    expect(Number(rows[1]![5])).toBe(10);
    expect(Number(rows[1]![6])).toBeCloseTo(distanceM([114.06, 22.54], [114.0601, 22.5401]), 1);
    expect(rows[2]!.slice(4)).toEqual(['', '', '']);
    // A hostile identifier is quoted and defused, never a formula or a broken row.
    const evil = toCsv(track, '=HYPERLINK("x")').split('\r\n')[1]!;
    expect(evil.startsWith('"\'=HYPERLINK(""x"")",')).toBe(true);
  });
});

describe('playback state machine', () => {
  const loaded = (n = 101) => r(initialPlayback(), { type: 'load', n });

  it('load: ready at 0, speed 1 by default', () => {
    expect(loaded()).toEqual({ status: PLAYBACK.ready, speed: 1, n: 101, position: 0 });
  });

  it('ready -> playing -> paused -> playing; ticks move only while playing', () => {
    let s = run(loaded(), { type: 'play' });
    expect(s.status).toBe(PLAYBACK.playing);
    s = ticks(s, 10);
    expect(s.position).toBe(10);
    s = run(s, { type: 'pause' });
    expect(s.status).toBe(PLAYBACK.paused);
    expect(ticks(s, 5)).toBe(s);
    s = run(s, { type: 'play' }, { type: 'tick' });
    expect(s).toMatchObject({ status: PLAYBACK.playing, position: 11 });
    expect(run(loaded(), { type: 'pause' }).status).toBe(PLAYBACK.ready);
  });

  it('speed 1/2/4/8 multiplies the step; other values are ignored', () => {
    for (const speed of [1, 2, 4, 8])
      expect(ticks(run(loaded(1001), { type: 'speed', speed }, { type: 'play' }), 3).position).toBe(3 * speed);
    expect(run(loaded(), { type: 'speed', speed: 3 }).speed).toBe(1);
    expect(run(loaded(), { type: 'speed', speed: 8 }, { type: 'load', n: 5 }).speed).toBe(8);
  });

  it('base rate: a point per tick, the whole track within BASE_TICKS at 1x', () => {
    expect(stepPerTick(100)).toBe(1);
    const big = ticks(run(loaded(100_000), { type: 'play' }), BASE_TICKS);
    expect(big.status).toBe(PLAYBACK.finished);
    expect(ticks(run(loaded(100_000), { type: 'speed', speed: 8 }, { type: 'play' }), BASE_TICKS / 8).status).toBe(
      PLAYBACK.finished,
    );
  });

  it('a late timer applies the ticks that elapsed, at most MAX_CATCH_UP_TICKS', () => {
    const playing = run(loaded(1001), { type: 'speed', speed: 2 }, { type: 'play' });
    expect(r(playing, { type: 'tick', ticks: 5 }).position).toBe(10);
    expect(r(playing, { type: 'tick', ticks: 1000 }).position).toBe(2 * MAX_CATCH_UP_TICKS);
    expect(r(playing, { type: 'tick', ticks: 0 }).position).toBe(2);
  });

  it('finishes at 99 % and snaps to the last point', () => {
    let s = ticks(run(loaded(), { type: 'play' }), 98);
    expect(s.status).toBe(PLAYBACK.playing);
    s = r(s, { type: 'tick' });
    expect(s).toMatchObject({ status: PLAYBACK.finished, position: 100 });
    expect(playbackPercent(s)).toBe(100);
    expect(playbackIndex(s)).toBe(100);
    expect(r(s, { type: 'tick' })).toBe(s);
  });

  it('play from finished restarts at 0', () => {
    const done = run(loaded(), { type: 'seek', percent: 100 });
    expect(done.status).toBe(PLAYBACK.finished);
    expect(run(done, { type: 'play' })).toMatchObject({ status: PLAYBACK.playing, position: 0 });
  });

  it('seek: percent of the points; playing keeps playing, else paused; 99-100 finishes; clamped', () => {
    expect(run(loaded(), { type: 'seek', percent: 40 })).toMatchObject({ status: PLAYBACK.paused, position: 40 });
    expect(run(loaded(), { type: 'play' }, { type: 'seek', percent: 40 })).toMatchObject({
      status: PLAYBACK.playing,
      position: 40,
    });
    expect(run(loaded(), { type: 'seek', percent: 99 }).status).toBe(PLAYBACK.finished);
    expect(run(loaded(), { type: 'seek', percent: 250 })).toMatchObject({ status: PLAYBACK.finished, position: 100 });
    expect(run(loaded(), { type: 'seek', percent: -5 }).position).toBe(0);
    expect(run(loaded(), { type: 'seek', percent: 100 }, { type: 'seek', percent: 20 }).status).toBe(PLAYBACK.paused);
    expect(run(loaded(), { type: 'seek', percent: Number.NaN }).position).toBe(0);
  });

  it('reset: position 0 and state 5, then settles to ready; play from reset plays', () => {
    const s = run(loaded(), { type: 'play' }, { type: 'tick' }, { type: 'reset' });
    expect(s).toMatchObject({ status: PLAYBACK.reset, position: 0 });
    expect(r(s, { type: 'settle' }).status).toBe(PLAYBACK.ready);
    expect(r(s, { type: 'play' }).status).toBe(PLAYBACK.playing);
    expect(run(loaded(), { type: 'settle' }).status).toBe(PLAYBACK.ready);
  });

  it('empty and single-point tracks', () => {
    expect(run(initialPlayback(), { type: 'play' }).status).toBe(PLAYBACK.ready);
    expect(run(initialPlayback(), { type: 'seek', percent: 50 }).status).toBe(PLAYBACK.ready);
    const one = run(loaded(1), { type: 'play' });
    expect(one.status).toBe(PLAYBACK.finished);
    expect(playbackPercent(one)).toBe(100);
    expect(playbackPercent(loaded(1))).toBe(0);
  });
});
