import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../render';

// The PWA plugin is not part of the unit-test build, so the wrapper of its virtual module is stood in for.
const sw = vi.hoisted(() => ({
  needRefresh: false,
  offlineReady: false,
  update: vi.fn(async (_reload?: boolean) => undefined),
}));
vi.mock('../../../src/client/pwa/registerSW', async () => {
  const { useState } = await import('react');
  return {
    useRegisterSW: () => ({
      needRefresh: useState(sw.needRefresh),
      offlineReady: useState(sw.offlineReady),
      updateServiceWorker: sw.update,
    }),
  };
});

const { UpdatePrompt, OfflineBadge } = await import('../../../src/client/pwa/UpdatePrompt');

beforeEach(() => {
  sw.needRefresh = false;
  sw.offlineReady = false;
  sw.update.mockClear();
});

describe('UpdatePrompt', () => {
  it('stays hidden while no new version waits', () => {
    renderWithProviders(<UpdatePrompt />);
    expect(screen.queryByTestId('update-prompt')).not.toBeInTheDocument();
  });

  it('offers a reload when a new service worker waits and activates it on click', async () => {
    sw.needRefresh = true;
    const user = userEvent.setup();
    renderWithProviders(<UpdatePrompt />);
    const prompt = await screen.findByTestId('update-prompt');
    expect(prompt).toHaveTextContent('发现新版本');
    await user.click(screen.getByRole('button', { name: '刷新' }));
    expect(sw.update).toHaveBeenCalledWith(true);
  });

  it('can be dismissed for later', async () => {
    sw.needRefresh = true;
    const user = userEvent.setup();
    renderWithProviders(<UpdatePrompt />);
    await user.click(await screen.findByRole('button', { name: '稍后' }));
    await waitFor(() => expect(screen.queryByTestId('update-prompt')).not.toBeInTheDocument());
    expect(sw.update).not.toHaveBeenCalled();
  });

  it('tells once that the app works offline', async () => {
    sw.offlineReady = true;
    renderWithProviders(<UpdatePrompt />);
    expect(await screen.findByText('已缓存，可离线使用')).toBeInTheDocument();
  });
});

describe('OfflineBadge', () => {
  const onLine = vi.spyOn(navigator, 'onLine', 'get');
  afterEach(() => onLine.mockReset());

  it('shows only while the browser is offline', async () => {
    onLine.mockReturnValue(true);
    renderWithProviders(<OfflineBadge />);
    expect(screen.queryByTestId('offline-badge')).not.toBeInTheDocument();

    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByTestId('offline-badge')).toHaveTextContent('离线模式');

    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByTestId('offline-badge')).not.toBeInTheDocument();
  });
});
