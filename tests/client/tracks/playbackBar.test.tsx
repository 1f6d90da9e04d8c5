import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { PLAYBACK, PLAYBACK_TICK_MS, initialPlayback } from '../../../src/shared/geo/track';
import { PlaybackBar } from '../../../src/client/features/tracks/PlaybackBar';
import {
  createPlaybackStore,
  RESET_SETTLE_MS,
  type PlaybackStore,
} from '../../../src/client/features/tracks/playbackStore';
import { renderWithProviders } from '../render';

let store: PlaybackStore;
const bar = () => screen.getByTestId('track-bar');
const state = () => Number(bar().dataset.state);
const percent = () => Number(bar().dataset.percent);
const tick = (n = 1) => act(() => void vi.advanceTimersByTime(n * PLAYBACK_TICK_MS));

beforeEach(() => {
  vi.useFakeTimers();
  store = createPlaybackStore();
  // 201 points: one point per tick at 1x is half a percent.
  store.dispatch({ type: 'load', n: 201 });
  renderWithProviders(<PlaybackBar store={store} />);
});
afterEach(() => {
  store.dispose();
  vi.useRealTimers();
});

describe('playback bar', () => {
  it('starts ready at 0 with speed 1', () => {
    expect(state()).toBe(PLAYBACK.ready);
    expect(percent()).toBe(0);
    expect(store.get()).toEqual({ ...initialPlayback(201) });
  });

  it('play advances on the 20 ms tick; pause holds', () => {
    fireEvent.click(screen.getByTestId('track-play'));
    expect(state()).toBe(PLAYBACK.playing);
    tick(10);
    expect(percent()).toBe(5);
    fireEvent.click(screen.getByTestId('track-play'));
    expect(state()).toBe(PLAYBACK.paused);
    tick(50);
    expect(percent()).toBe(5);
    expect(screen.getByTestId('track-percent')).toHaveTextContent('5%');
  });

  it('speed 8 moves eight times as far per tick', () => {
    fireEvent.click(screen.getByText('8x'));
    expect(store.get().speed).toBe(8);
    fireEvent.click(screen.getByTestId('track-play'));
    tick(10);
    expect(percent()).toBe(40);
    fireEvent.click(screen.getByText('2x'));
    tick(10);
    expect(percent()).toBe(50);
  });

  it('finishes at 99 % and stops ticking; play from finished restarts at 0', () => {
    fireEvent.click(screen.getByTestId('track-play'));
    tick(197);
    expect(state()).toBe(PLAYBACK.playing);
    expect(percent()).toBe(98.5);
    tick(1);
    expect(state()).toBe(PLAYBACK.finished);
    expect(percent()).toBe(100);
    tick(20);
    expect(state()).toBe(PLAYBACK.finished);
    fireEvent.click(screen.getByTestId('track-play'));
    expect(state()).toBe(PLAYBACK.playing);
    expect(percent()).toBe(0);
  });

  it('the slider seeks; 99-100 % finishes', () => {
    const thumb = screen.getByRole('slider');
    act(() => thumb.focus());
    fireEvent.keyDown(thumb, { key: 'End' });
    expect(state()).toBe(PLAYBACK.finished);
    fireEvent.keyDown(thumb, { key: 'ArrowLeft' });
    expect(percent()).toBe(100);
    expect(state()).toBe(PLAYBACK.finished);
    fireEvent.keyDown(thumb, { key: 'Home' });
    expect(state()).toBe(PLAYBACK.paused);
    expect(percent()).toBe(0);
    // One step is a tenth of a percent: 0.2 of the 200 legs.
    fireEvent.keyDown(thumb, { key: 'ArrowRight' });
    expect(percent()).toBe(0.1);
    expect(store.get().position).toBeCloseTo(0.2);
  });

  it('reset goes to 0 in state 5, then ready', () => {
    fireEvent.click(screen.getByTestId('track-play'));
    tick(20);
    fireEvent.click(screen.getByTestId('track-reset'));
    expect(state()).toBe(PLAYBACK.reset);
    expect(percent()).toBe(0);
    act(() => void vi.advanceTimersByTime(RESET_SETTLE_MS));
    expect(state()).toBe(PLAYBACK.ready);
    tick(20);
    expect(percent()).toBe(0);
  });
});

describe('playback store timer', () => {
  it('a late timer applies the ticks that elapsed, an early one waits', () => {
    let now = 0;
    let fire = () => undefined as void;
    const timers = {
      setInterval: (f: () => void) => ((fire = f), 1),
      clearInterval: () => undefined,
      setTimeout,
      clearTimeout,
    };
    const s = createPlaybackStore(timers as unknown as typeof globalThis, () => now);
    s.dispatch({ type: 'load', n: 201 });
    s.dispatch({ type: 'play' });
    now = 100;
    fire();
    expect(s.get().position).toBe(5);
    now = 110;
    fire();
    expect(s.get().position).toBe(5);
    now = 120;
    fire();
    expect(s.get().position).toBe(6);
    s.dispose();
  });
});
