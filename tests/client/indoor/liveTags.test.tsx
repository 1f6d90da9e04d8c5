import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { IndoorScreen } from '../../../src/client/features/indoor/IndoorScreen';
import { setLiveBridge } from '../../../src/client/live/liveStore';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { tenantPositionsTopic } from '../../../src/shared/topics';
import type { UwbTag } from '../../../src/shared/indoor';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import type { Call } from '../devices/mockApi';
import { fakeBridge, mockIndoorApi } from './indoorMocks';

const IMEI = '860100000000009';
const tag = (x: number, y: number, ts: number): UwbTag => ({
  imei: IMEI,
  name: 'Tag 1',
  state: 1,
  battery: 80,
  x,
  y,
  floor: '1F',
  ts,
});
const place = () => {
  const m = screen.getByTestId('tag-marker');
  return [m.style.left, m.style.top];
};

describe('live UWB tags on the floor', () => {
  let tags: { current: UwbTag[] };
  let calls: Call[];
  beforeEach(() => {
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    tags = { current: [tag(6, 4, 1000)] };
    calls = mockIndoorApi(tags);
  });
  afterEach(() => {
    setLiveBridge(null);
    resetRequestDeps();
  });

  it('opens the UWB drawing with its base stations and the last known tags', async () => {
    renderWithProviders(<IndoorScreen onPlanChange={() => undefined} />);
    await waitFor(() => expect(screen.getAllByTestId('station-marker')).toHaveLength(2));
    expect(calls.find((c) => c.url === '/api/device/uwbBaseStation/list')?.body).toMatchObject({
      filters: { drawingId: 3 },
    });
    expect(await screen.findByTestId('tag-marker')).toBeInTheDocument();
    expect(place()).toEqual(['10%', '10%']);
  });

  it('moves a tag on a live positions push, newer fixes only', async () => {
    const live = fakeBridge();
    setLiveBridge(live.bridge);
    renderWithProviders(<IndoorScreen onPlanChange={() => undefined} />);
    await screen.findByTestId('tag-marker');
    expect(live.subscribed).toEqual([tenantPositionsTopic(demoUser.tenantId)]);
    act(() =>
      live.push(tenantPositionsTopic(demoUser.tenantId), {
        code: '9020',
        positions: [{ imei: IMEI, x: 30, y: 20, floor: '1F', state: 1, ts: 2000 }],
      }),
    );
    expect(place()).toEqual(['50%', '50%']);
    // An older fix arriving late, a malformed push and a GPS-only position change nothing.
    act(() =>
      live.push(tenantPositionsTopic(demoUser.tenantId), {
        code: '9020',
        positions: [{ imei: IMEI, x: 1, y: 1, state: 1, ts: 1500 }],
      }),
    );
    act(() => live.push(tenantPositionsTopic(demoUser.tenantId), { code: '9020', positions: 'nope' }));
    act(() =>
      live.push(tenantPositionsTopic(demoUser.tenantId), {
        code: '9020',
        positions: [{ imei: IMEI, lat: 22.5, lon: 114, state: 1, ts: 3000 }],
      }),
    );
    expect(place()).toEqual(['50%', '50%']);
    expect(screen.getAllByTestId('tag-marker')).toHaveLength(1);
  });

  it('without pushes it polls the newest fixes every 2 s', async () => {
    renderWithProviders(<IndoorScreen onPlanChange={() => undefined} />);
    await screen.findByTestId('tag-marker');
    tags.current = [tag(54, 36, 3000)];
    await waitFor(() => expect(place()).toEqual(['90%', '90%']), { timeout: 3500 });
  });
});
