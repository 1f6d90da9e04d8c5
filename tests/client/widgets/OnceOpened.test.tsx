import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { OnceOpened } from '../../../src/client/components/OnceOpened';
import { lazyScreen } from '../../../src/client/lib/chunks';

describe('OnceOpened', () => {
  it('loads and mounts a lazy dialog when it first opens, and keeps it mounted when it closes', async () => {
    let loads = 0;
    const Dialog = lazyScreen(async () => {
      loads += 1;
      return function Dialog({ open }: { open: boolean }) {
        return <p>{open ? 'dialog open' : 'dialog closed'}</p>;
      };
    });
    const ui = (open: boolean) => (
      <OnceOpened when={open}>
        <Dialog open={open} />
      </OnceOpened>
    );
    const { rerender } = render(ui(false));
    await Promise.resolve();
    expect(loads).toBe(0);
    expect(screen.queryByText(/dialog/)).toBeNull();

    rerender(ui(true));
    expect(await screen.findByText('dialog open')).toBeTruthy();
    rerender(ui(false));
    expect(screen.getByText('dialog closed')).toBeTruthy();
    rerender(ui(true));
    expect(screen.getByText('dialog open')).toBeTruthy();
    expect(loads).toBe(1);
  });
});
