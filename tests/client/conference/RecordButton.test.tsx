import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConferenceClient } from '../../../src/client/features/conference/client';
import { RecordButton } from '../../../src/client/features/conference/RecordButton';
import { DEFAULT_RECORD_CONFIG, saveRecordConfig } from '../../../src/client/features/conference/recordConfig';
import type { ConfEvent, ConfMessage } from '../../../src/shared/conference';
import { renderWithProviders } from '../render';

type Listener = (message: ConfMessage, event: ConfEvent | null) => void;

/** A conference client whose commands always reach the service; the test plays the service's answers. */
function fakeClient() {
  const listeners = new Set<Listener>();
  const record = vi.fn(async () => true);
  const client = {
    listen: (l: Listener) => (listeners.add(l), () => void listeners.delete(l)),
    record,
    getSnapshot: () => ({ members: [] }),
  } as unknown as ConferenceClient;
  const answer = (event: ConfEvent) =>
    listeners.forEach((l) => l({ from: 'server', to: '', type: 'msg' } as ConfMessage, event));
  return { client, record, answer };
}

const state = () => screen.getByTestId('conf-record').getAttribute('data-state');

describe('RecordButton', () => {
  afterEach(() => localStorage.clear());

  it('records, stops, and is idle again after a stop the service failed (the recording ended without its file)', async () => {
    saveRecordConfig({ ...DEFAULT_RECORD_CONFIG, prefix: 'e2e' });
    const { client, record, answer } = fakeClient();
    renderWithProviders(<RecordButton client={client} />);
    fireEvent.click(screen.getByTestId('conf-record'));
    await waitFor(() => expect(record).toHaveBeenCalledWith(expect.objectContaining({ Command: 'StartRecord' })));
    expect(state()).toBe('starting');
    answer({ event: 'sendtext', command: 'StartRecord', ok: true } as ConfEvent);
    await waitFor(() => expect(state()).toBe('recording'));

    fireEvent.click(screen.getByTestId('conf-record'));
    await waitFor(() => expect(record).toHaveBeenCalledWith({ Command: 'StopRecord' }));
    expect(state()).toBe('stopping');
    answer({ event: 'sendtext', command: 'StopRecord', ok: false, msg: 'nothing was recorded' } as ConfEvent);
    await waitFor(() => expect(state()).toBe('idle'));
    expect(await screen.findByText('停止录制失败')).toBeTruthy();
  });

  it('stays recording when the stop command could not be sent', async () => {
    saveRecordConfig({ ...DEFAULT_RECORD_CONFIG, prefix: 'e2e' });
    const { client, record, answer } = fakeClient();
    renderWithProviders(<RecordButton client={client} />);
    fireEvent.click(screen.getByTestId('conf-record'));
    await waitFor(() => expect(record).toHaveBeenCalled());
    answer({ event: 'sendtext', command: 'StartRecord', ok: true } as ConfEvent);
    await waitFor(() => expect(state()).toBe('recording'));
    record.mockResolvedValueOnce(false);
    fireEvent.click(screen.getByTestId('conf-record'));
    await waitFor(() => expect(state()).toBe('recording'));
    expect(record).toHaveBeenLastCalledWith({ Command: 'StopRecord' });
  });
});
