import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BaseStationEditScreen } from '../../../src/client/features/indoor/BaseStationEditScreen';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import type { Call } from '../devices/mockApi';
import { mockIndoorApi } from './indoorMocks';

const updates = (calls: Call[]) =>
  calls.filter((c) => c.url === '/api/device/uwbBaseStation/update').map((c) => c.body);

describe('base station editor', () => {
  let calls: Call[];
  beforeEach(() => {
    calls = mockIndoorApi({ current: [] });
  });
  afterEach(() => resetRequestDeps());

  it('a drag saves the new X/Y through the generic update', async () => {
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    renderWithProviders(<BaseStationEditScreen onPlanChange={() => undefined} />);
    await waitFor(() => expect(screen.getAllByTestId('station-marker')).toHaveLength(2));
    const frame = screen.getByTestId('floor-plan');
    frame.getBoundingClientRect = () => ({
      left: 0,
      top: 0,
      width: 600,
      height: 400,
      right: 600,
      bottom: 400,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    const marker = screen.getAllByTestId('station-marker')[0]!;
    fireEvent.pointerDown(marker, { clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(marker, { clientX: 200, clientY: 100, pointerId: 1 });
    fireEvent.pointerUp(marker, { clientX: 205.55, clientY: 100, pointerId: 1 });
    await waitFor(() => expect(updates(calls)).toEqual([{ id: 11, x: 20.56, y: 10 }]));
  });

  it('the panel edits X/Y/Z and status of the picked station', async () => {
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    renderWithProviders(<BaseStationEditScreen onPlanChange={() => undefined} />);
    await waitFor(() => expect(screen.getAllByTestId('station-marker')).toHaveLength(2));
    fireEvent.pointerDown(screen.getAllByTestId('station-marker')[1]!, { clientX: 0, clientY: 0, pointerId: 1 });
    const panel = await screen.findByTestId('station-panel');
    expect(within(panel).getByText('A5 · Hall centre')).toBeInTheDocument();
    const z = panel.querySelector('[data-field="z"]') as HTMLInputElement;
    fireEvent.change(z, { target: { value: '4.5' } });
    fireEvent.click(within(panel).getByTestId('station-save'));
    await waitFor(() => expect(updates(calls)).toEqual([{ id: 12, x: 30, y: 20, z: 4.5, status: 0 }]));
  });

  it('without the update mark stations do not move', async () => {
    saveLogin('tok', { ...demoUser, marks: [] });
    renderWithProviders(<BaseStationEditScreen onPlanChange={() => undefined} />);
    await waitFor(() => expect(screen.getAllByTestId('station-marker')).toHaveLength(2));
    const marker = screen.getAllByTestId('station-marker')[0]!;
    fireEvent.pointerDown(marker, { clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(marker, { clientX: 200, clientY: 100, pointerId: 1 });
    fireEvent.pointerUp(marker, { clientX: 200, clientY: 100, pointerId: 1 });
    expect(marker.style.left).toBe(`${(1 / 60) * 100}%`);
    expect(updates(calls)).toEqual([]);
  });
});
