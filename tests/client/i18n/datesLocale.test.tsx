import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Calendar } from '@mantine/dates';
import { DatesLocale } from '../../../src/client/i18n/DatesLocale';
import { renderWithProviders } from '../render';

describe('date pickers in the console language', () => {
  it('speaks Chinese in the Chinese console, weeks from Monday', () => {
    renderWithProviders(
      <DatesLocale>
        <Calendar defaultDate="2026-11-01" />
      </DatesLocale>,
    );
    expect(screen.getByText('十一月 2026')).toBeInTheDocument();
    const weekdays = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(weekdays).toEqual(['一', '二', '三', '四', '五', '六', '日']);
  });
});
