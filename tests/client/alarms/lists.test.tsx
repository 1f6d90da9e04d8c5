import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AlarmListScreen } from '../../../src/client/features/alarms/AlarmListScreen';
import { AlarmPopupScreen } from '../../../src/client/features/alarms/AlarmPopupScreen';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { mockApi, type Call } from '../devices/mockApi';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { alarm, alarmQueryClient } from './fixtures';

const LIST = '/api/device/alarm/list';

describe('map-layout alarm lists', () => {
  let calls: Call[];
  beforeEach(() => {
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    calls = mockApi({ [LIST]: { rows: [alarm(3), alarm(2, { read: 1, type: 8, title: '烟雾浓度超标' })], total: 2 } });
  });
  afterEach(() => resetRequestDeps());

  it('/alarmList asks for unhandled alarms newest first and shows each with its type and buttons', async () => {
    renderWithProviders(<AlarmListScreen />, { queryClient: alarmQueryClient() });
    const cards = await screen.findAllByTestId('alarm-card');
    expect(calls.find((c) => c.url === LIST)?.body).toEqual({
      page: 1,
      size: 50,
      sort: [{ field: 'id', order: 'desc' }],
      filters: { handleState: 0 },
    });
    expect(cards.map((c) => within(c).getByTestId('alarm-type').textContent)).toEqual(['SOS求救', '烟雾告警']);
    // Only the unread one offers mark-read; both can be handled.
    expect(within(cards[0]!).getByTestId('card-read')).toBeInTheDocument();
    expect(within(cards[1]!).queryByTestId('card-read')).toBeNull();
    expect(screen.getAllByTestId('card-handle')).toHaveLength(2);
  });

  it('/AlarmHistorytc asks for unread critical alarms; 我来处理 takes them (which marks them read)', async () => {
    renderWithProviders(<AlarmPopupScreen />, { queryClient: alarmQueryClient() });
    const cards = await screen.findAllByTestId('alarm-card');
    expect(calls.find((c) => c.url === LIST)?.body).toMatchObject({ filters: { read: 0, level: 3 } });
    expect(within(cards[0]!).getByTestId('card-ack')).toHaveTextContent('我来处理');
    fireEvent.click(within(cards[0]!).getByTestId('card-ack'));
    const acks = () =>
      calls.filter((c) => c.url === '/api/device/alarm/ack').map((c) => (c.body as { ids: number[] }).ids);
    await waitFor(() => expect(acks()).toEqual([[3]]));
    fireEvent.click(screen.getByTestId('popup-ack-all'));
    await waitFor(() => expect(acks()).toHaveLength(2));
    expect(acks()[1]).toEqual([3, 2]);
    expect(calls.filter((c) => c.url === '/api/device/alarm/read')).toHaveLength(0);
  });
});
