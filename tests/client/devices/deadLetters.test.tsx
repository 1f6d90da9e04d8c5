import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { DeadLetters } from '../../../src/client/features/devices/DeadLetters';
import { clear as clearSession, saveLogin } from '../../../src/client/lib/session';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from './mockApi';

const row = (id: number, reason: string, payload: string | null, payloadBase64 = '') => ({
  id,
  createdAt: '2026-11-23T08:00:00.000Z',
  topic: 'sfwatch/860100000000001/up',
  reason,
  error: `${reason} error`,
  size: 10,
  payload,
  payloadBase64,
});

afterEach(() => clearSession());

describe('dead letters in the device detail', () => {
  it('shows an administrator why each message was refused, with its payload as text or base64', async () => {
    saveLogin('tok', demoUser);
    const calls: Call[] = [];
    mockApi(
      {
        '/api/device/deadLetter/list': {
          rows: [
            row(2, 'implausible', '{"kind":"telemetry","values":{"heartRate":1e308}}'),
            row(1, 'malformed', null, 'oQBj'),
          ],
          total: 2,
        },
      },
      calls,
    );
    renderWithProviders(<DeadLetters imei="860100000000001" />);
    const rows = await screen.findAllByTestId('dead-letter-row');
    expect(rows.map((r) => r.dataset.reason)).toEqual(['implausible', 'malformed']);
    expect(rows[0]).toHaveTextContent('数值超出物理范围');
    expect(rows[0]).toHaveTextContent('heartRate');
    expect(rows[1]).toHaveTextContent('base64: oQBj');
    expect(calls[0]!.body).toMatchObject({ imei: '860100000000001', page: 1 });
  });

  it('is not shown, nor asked for, to a visitor', async () => {
    saveLogin('tok', { ...demoUser, kind: 'visitor' });
    const calls = mockApi({});
    const { container } = renderWithProviders(<DeadLetters imei="860100000000001" />);
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('[data-testid="dead-letters"]')).toBeNull();
    expect(calls).toEqual([]);
  });
});
