import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useDirection } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { activateLang, currentLang } from '../../../src/client/i18n/i18n';
import { LanguagePicker } from '../../../src/client/i18n/LanguagePicker';
import { DirectionSync } from '../../../src/client/i18n/DirectionSync';
import { renderWithProviders } from '../render';

function MantineDir() {
  return <span data-testid="mantine-dir">{useDirection().dir}</span>;
}

afterEach(async () => {
  await act(() => activateLang('cn'));
});

describe('LanguagePicker', () => {
  it('lists the seven languages by their own names and switches to the picked one', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <LanguagePicker />
        <DirectionSync />
        <MantineDir />
        <p data-testid="label">
          <Trans>刷新</Trans>
        </p>
      </>,
    );
    const trigger = screen.getByTestId('language-picker');
    expect(trigger).toHaveTextContent('简体中文');
    expect(screen.getByTestId('label')).toHaveTextContent('刷新');

    await user.click(trigger);
    const options = await screen.findAllByRole('menuitem');
    expect(options.map((o) => o.getAttribute('data-lang'))).toEqual(['cn', 'en', 'es', 'fr', 'de', 'ru', 'ar']);
    expect(screen.getByText('العربية')).toBeInTheDocument();

    await user.click(options.find((o) => o.getAttribute('data-lang') === 'ar')!);
    await waitFor(() => expect(currentLang()).toBe('ar'));
    expect(document.documentElement.dir).toBe('rtl');
    await waitFor(() => expect(screen.getByTestId('mantine-dir')).toHaveTextContent('rtl'));
    expect(screen.getByTestId('language-picker')).toHaveTextContent('العربية');
    expect(screen.getByTestId('label')).toHaveTextContent('تحديث');

    await user.click(screen.getByTestId('language-picker'));
    await user.click(await screen.findByText('English'));
    await waitFor(() => expect(screen.getByTestId('mantine-dir')).toHaveTextContent('ltr'));
    expect(screen.getByTestId('label')).toHaveTextContent('Reload');
  });
});
