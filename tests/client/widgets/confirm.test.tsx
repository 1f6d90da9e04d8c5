import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../render';
import { ConfirmHost, confirmDanger } from '../../../src/client/components/ConfirmDanger';

describe('confirmDanger', () => {
  it('asks in the mounted host and answers what the user clicks', async () => {
    renderWithProviders(<ConfirmHost />);
    let answer: Promise<boolean>;
    act(() => void (answer = confirmDanger({ message: '删除 3 条记录？' })));
    expect(await screen.findByText('删除 3 条记录？')).toBeInTheDocument();
    act(() => screen.getByTestId('confirm-danger').click());
    await expect(answer!).resolves.toBe(true);
  });

  it('answers "no" when the screen that asked goes away, and shows nothing on the next one', async () => {
    const first = renderWithProviders(<ConfirmHost />);
    let answer: Promise<boolean>;
    act(() => void (answer = confirmDanger({ message: '解绑设备？' })));
    expect(await screen.findByText('解绑设备？')).toBeInTheDocument();
    first.unmount();
    await expect(answer!).resolves.toBe(false);
    renderWithProviders(<ConfirmHost />);
    expect(screen.queryByText('解绑设备？')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('answers "no" at once with no host mounted, and leaves nothing for the next screen that mounts one', async () => {
    let answer: Promise<boolean>;
    act(() => void (answer = confirmDanger({ message: '恢复出厂设置？' })));
    await expect(answer!).resolves.toBe(false);
    renderWithProviders(<ConfirmHost />);
    expect(screen.queryByText('恢复出厂设置？')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
