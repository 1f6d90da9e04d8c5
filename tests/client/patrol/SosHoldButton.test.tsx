import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { SOS_HOLD_MS, SosHoldButton } from '../../../src/client/features/patrol/SosHoldButton';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { mockApi, type Call } from '../devices/mockApi';
import { renderWithProviders } from '../render';

const SOS = '/api/phone/sos';

describe('SosHoldButton (docs/device-protocol.md "The phone shares its position")', () => {
  let calls: Call[];
  beforeEach(() => {
    vi.useFakeTimers();
    calls = mockApi({ [SOS]: { deviceId: 1, imei: 'PHONE0000000002', raised: true } });
  });
  afterEach(() => {
    resetRequestDeps();
    vi.useRealTimers();
  });

  it('counts 3, 2, 1 while held; released early it sends nothing', async () => {
    renderWithProviders(<SosHoldButton />);
    const button = screen.getByTestId('sos-hold');
    fireEvent.pointerDown(button);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByTestId('sos-countdown').textContent).toBe('3');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByTestId('sos-countdown').textContent).toBe('2');
    fireEvent.pointerUp(button);
    expect(screen.queryByTestId('sos-countdown')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(calls.filter((c) => c.url === SOS)).toEqual([]);
  });

  it('held for 3 s, sends the SOS with the local time and its offset', async () => {
    renderWithProviders(<SosHoldButton />);
    const button = screen.getByTestId('sos-hold');
    fireEvent.pointerDown(button);
    await act(() => vi.advanceTimersByTimeAsync(SOS_HOLD_MS - 500));
    expect(screen.getByTestId('sos-countdown').textContent).toBe('1');
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(screen.queryByTestId('sos-countdown')).toBeNull();
    await vi.waitFor(() => expect(calls.filter((c) => c.url === SOS)).toHaveLength(1));
    const body = calls.find((c) => c.url === SOS)!.body as { at: string; lat?: number };
    expect(body.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/);
    expect(Math.abs(Date.parse(body.at) - Date.now())).toBeLessThan(5_000);
    fireEvent.pointerUp(button);
  });
});
