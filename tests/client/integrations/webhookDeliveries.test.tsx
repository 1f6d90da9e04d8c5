import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { WebhookScreen } from '../../../src/client/features/webhooks/WebhookScreen';
import type { ResourceSearch } from '../../../src/client/features/resources/search';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import type { WebhookDelivery } from '../../../src/shared/webhooks';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from '../devices/mockApi';

const endpoint = {
  id: 3,
  name: 'Dispatch desk',
  url: 'https://dispatch.example.com/hooks/console',
  events: ['alarm.raised'],
  secret: '••••abcd',
  enabled: true,
  tenantId: 1,
  createdAt: '2026-11-20T08:00:00.000Z',
};

const delivery = (id: number, extra: Partial<WebhookDelivery>): WebhookDelivery => ({
  id,
  eventId: `alarm.raised:${id}`,
  eventType: 'alarm.raised',
  state: 1,
  attempts: 1,
  status: 200,
  durationMs: 42,
  excerpt: 'ok',
  createdAt: '2026-11-20T08:00:00.000Z',
  lastAt: '2026-11-20T08:00:01.000Z',
  nextAt: '2026-11-20T08:00:00.000Z',
  deliveredAt: '2026-11-20T08:00:01.000Z',
  ...extra,
});

function Screen() {
  const [search, setSearch] = useState<ResourceSearch>({});
  return <WebhookScreen search={search} onSearchChange={setSearch} />;
}

async function openDeliveries(): Promise<HTMLElement> {
  const row = (await screen.findByText('Dispatch desk')).closest('tr') as HTMLElement;
  fireEvent.click(within(row).getByTestId('row-deliveries'));
  return screen.findByTestId('webhook-deliveries');
}

let calls: Call[];
let toasts: string[];
afterEach(() => resetRequestDeps());

describe('/webhookList deliveries', () => {
  beforeEach(() => {
    toasts = [];
    calls = mockApi(
      {
        '/api/integration/webhook/list': { rows: [endpoint], total: 1 },
        '/api/integration/webhook/deliveries': {
          rows: [
            delivery(11, { eventType: 'door.call' }),
            delivery(12, { state: 2, status: 410, excerpt: 'gone', attempts: 1 }),
            delivery(13, { state: 0, status: 503, excerpt: 'busy', attempts: 3, deliveredAt: null }),
          ],
          total: 3,
        },
        '/api/integration/webhook/sendAgain': { ok: true, status: 200, durationMs: 37, excerpt: 'thanks' },
        '/api/integration/webhook/test': { ok: false, status: 500, durationMs: 12, excerpt: 'boom' },
      },
      [],
      toasts,
    );
  });

  it('lists the deliveries with their event named, state, status and answer; sends one again and shows the outcome', async () => {
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    renderWithProviders(<Screen />);
    const drawer = await openDeliveries();
    await within(drawer).findByText('门口机呼叫');
    const rows = within(drawer).getAllByRole('row');
    // The head and three deliveries, each with its event in words, not its code.
    expect(rows).toHaveLength(4);
    expect(within(rows[1]!).getByText('门口机呼叫')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('报警产生')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('410')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('失败')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('待重试')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('busy')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/integration/webhook/deliveries')?.body).toEqual({
      id: 3,
      page: 1,
      size: 20,
    });

    fireEvent.click(within(rows[2]!).getByTestId('webhook-send-again'));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/integration/webhook/sendAgain')?.body).toEqual({
        id: 3,
        deliveryId: 12,
      }),
    );
    await waitFor(() => expect(toasts.some((m) => m.includes('200') && m.includes('thanks'))).toBe(true));
    // The list is read again to show the new attempt.
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/integration/webhook/deliveries')).toHaveLength(2));

    fireEvent.click(within(drawer).getByTestId('webhook-test'));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/integration/webhook/test')?.body).toEqual({ id: 3 }));
    await waitFor(() => expect(toasts.some((m) => m.includes('500') && m.includes('boom'))).toBe(true));
  });

  it('offers no sending without the write permission', async () => {
    saveLogin('tok', { ...demoUser, marks: [] });
    renderWithProviders(<Screen />);
    const drawer = await openDeliveries();
    await within(drawer).findByText('门口机呼叫');
    expect(within(drawer).queryByTestId('webhook-test')).toBeNull();
    expect(within(drawer).queryAllByTestId('webhook-send-again')).toHaveLength(0);
  });

  it('says what fills an empty history', async () => {
    mockApi({
      '/api/integration/webhook/list': { rows: [endpoint], total: 1 },
      '/api/integration/webhook/deliveries': { rows: [], total: 0 },
    });
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    renderWithProviders(<Screen />);
    const drawer = await openDeliveries();
    expect(await within(drawer).findByTestId('webhook-deliveries-empty')).toHaveTextContent('发送测试事件');
  });
});
