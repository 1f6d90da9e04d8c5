import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { Slider } from '../../../src/client/components/Slider';
import { renderWithProviders } from '../render';

describe('Slider', () => {
  it('without mc shows the missing-mc toast once and renders nothing', async () => {
    const show = vi.spyOn(notifications, 'show');
    const { container } = renderWithProviders(
      <div data-testid="host">
        <Slider min={0} max={100} />
        <Slider min={0} max={100} />
      </div>,
    );
    expect(await screen.findAllByText('滚动条缺少mc值')).toHaveLength(1);
    expect(container.querySelector('[role="slider"]')).toBeNull();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ autoClose: 2300, message: '滚动条缺少mc值' }));
    show.mockRestore();
    act(() => notifications.clean());
  });

  it('with mc renders a Mantine slider with min, max, step and marks', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <Slider
        mc="odour"
        min={0}
        max={100}
        step={10}
        defaultValue={50}
        marks={[
          { value: 0, label: '0' },
          { value: 100, label: '100' },
        ]}
        onChange={onChange}
      />,
    );
    const thumb = screen.getByRole('slider', { name: 'odour' });
    expect(thumb).toHaveAttribute('aria-valuemin', '0');
    expect(thumb).toHaveAttribute('aria-valuemax', '100');
    expect(thumb).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('100')).toBeInTheDocument();
    expect(document.querySelector('input[name="odour"]')).toHaveValue('50');

    thumb.focus();
    await userEvent.setup().keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith(60);
    await waitFor(() => expect(thumb).toHaveAttribute('aria-valuenow', '60'));
    expect(screen.queryByText('滚动条缺少mc值')).not.toBeInTheDocument();
  });
});
