import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlaceSearch } from '../../../src/client/map/controls/PlaceSearch';
import { searchRegions, type PlaceSearchFn } from '../../../src/client/map/search';
import { renderWithProviders } from '../render';

describe('place search', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks once typing has paused 250 ms, with the last text, and offers the answers', async () => {
    const search = vi
      .fn<PlaceSearchFn>()
      .mockResolvedValue([
        { key: 'region:广东省/深圳市', label: '深圳市', detail: '广东省', center: [114.06, 22.54], zoom: 10 },
      ]);
    const onPick = vi.fn();
    renderWithProviders(<PlaceSearch search={search} onPick={onPick} />);
    const box = screen.getByTestId('map-search');
    for (const text of ['深', '深圳', '深圳市']) {
      fireEvent.change(box, { target: { value: text } });
      await act(() => vi.advanceTimersByTimeAsync(100));
    }
    await act(() => vi.advanceTimersByTimeAsync(149));
    expect(search).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]![0]).toBe('深圳市');

    fireEvent.focus(box);
    fireEvent.click(box);
    const option = await vi.waitFor(() => screen.getByText('深圳市 · 广东省'));
    fireEvent.click(option);
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ label: '深圳市', center: [114.06, 22.54] }));
  });

  it('an empty box asks nothing', async () => {
    const search = vi.fn<PlaceSearchFn>().mockResolvedValue([]);
    renderWithProviders(<PlaceSearch search={search} onPick={() => undefined} />);
    fireEvent.change(screen.getByTestId('map-search'), { target: { value: '   ' } });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(search).not.toHaveBeenCalled();
  });
});

describe('searchRegions (offline place search)', () => {
  const regions = [
    {
      name: '广东省',
      cityList: [
        { name: '深圳市', areaList: [] },
        { name: '云浮市', areaList: [] },
      ],
    },
    { name: '北京市', cityList: [{ name: '北京市', areaList: [] }] },
  ];

  it('finds cities with their centre at the city zoom, provinces at their capital', () => {
    expect(searchRegions(regions, '深圳')).toEqual([
      { key: 'region:广东省/深圳市', label: '深圳市', detail: '广东省', center: [114.06, 22.54], zoom: 10 },
    ]);
    // A city without a known centre falls back to the province capital, a little wider.
    expect(searchRegions(regions, '云浮')[0]).toMatchObject({ label: '云浮市', center: [113.26, 23.13], zoom: 8 });
    expect(searchRegions(regions, '北京')).toEqual([
      { key: 'region:北京市', label: '北京市', center: [116.4, 39.9], zoom: 7 },
    ]);
    expect(searchRegions(regions, '')).toEqual([]);
  });
});
