import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DrawingListScreen, filterPlans } from '../../../src/client/features/indoor/DrawingListScreen';
import type { Plan } from '../../../src/client/features/indoor/indoor.queries';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import type { UwbTag } from '../../../src/shared/indoor';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi } from '../devices/mockApi';
import { DRAWING, MAP, STATIONS } from './indoorMocks';

const OFFICE = {
  id: 4,
  project: 'Office tower',
  building: 'B',
  unit: '2',
  floor: '3F',
  picture: '/indoor/demo-floor.svg',
  kind: 'normal',
  indoorMapId: 1,
};

beforeEach(() => {
  saveLogin('tok', { ...demoUser, marks: ['*'] });
  const tags: UwbTag[] = [
    { imei: '860100000000009', name: 'Tag 1', state: 1, battery: 80, x: 6, y: 4, floor: '1F', ts: Date.now() },
  ];
  mockApi({
    '/api/device/indoorMap/list': { rows: [MAP], total: 1 },
    '/api/device/drawing/list': { rows: [DRAWING, OFFICE], total: 2 },
    '/api/device/uwbBaseStation/list': (body: unknown) => {
      const f = (body as { filters?: { drawingId?: number } }).filters;
      return { rows: STATIONS.filter((s) => s.drawingId === f?.drawingId), total: 2 };
    },
    '/api/device/indoor/tags': tags,
  });
});
afterEach(() => resetRequestDeps());

describe('/drawingList1', () => {
  it('shows every drawing as a card; the first opens with its base stations and live tags; a card opens another', async () => {
    renderWithProviders(<DrawingListScreen />);
    await waitFor(() => expect(screen.getAllByTestId('drawing-card')).toHaveLength(2));
    await waitFor(() => expect(screen.getAllByTestId('station-marker')).toHaveLength(2));
    expect(screen.getByTestId('drawing-stations')).toHaveTextContent('2');
    expect(await screen.findByTestId('tag-marker')).toBeInTheDocument();
    fireEvent.click(screen.getAllByTestId('drawing-card')[1]!);
    await waitFor(() => expect(screen.getByTestId('drawing-title')).toHaveTextContent('Office tower'));
    await waitFor(() => expect(screen.queryAllByTestId('station-marker')).toHaveLength(0));
  });

  it('filters by words and by kind', async () => {
    renderWithProviders(<DrawingListScreen />);
    await waitFor(() => expect(screen.getAllByTestId('drawing-card')).toHaveLength(2));
    fireEvent.change(screen.getByTestId('drawing-search'), { target: { value: 'office 3f' } });
    await waitFor(() => expect(screen.getAllByTestId('drawing-card')).toHaveLength(1));
    fireEvent.change(screen.getByTestId('drawing-search'), { target: { value: 'nowhere' } });
    expect(await screen.findByTestId('drawing-empty')).toBeInTheDocument();
  });

  it('filterPlans keeps drawings only (not bare maps) of the kind asked', () => {
    const base = { picture: null, width: 60, height: 40, mapId: 1 };
    const plans: Plan[] = [
      { ...base, key: 'map:1', title: 'Hall', floor: '1F', drawingId: null, uwb: false },
      { ...base, key: 'drawing:3', title: 'Site / A', floor: '1F', drawingId: 3, uwb: true },
      { ...base, key: 'drawing:4', title: 'Office / B', floor: '3F', drawingId: 4, uwb: false },
    ];
    expect(filterPlans(plans, '', 'all').map((p) => p.key)).toEqual(['drawing:3', 'drawing:4']);
    expect(filterPlans(plans, '', 'uwb').map((p) => p.key)).toEqual(['drawing:3']);
    expect(filterPlans(plans, 'b 3f', 'normal').map((p) => p.key)).toEqual(['drawing:4']);
  });
});
