import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import cameraResource from '../../../src/entities/camera/resource';
import { ResourceFilters } from '../../../src/client/features/resources/ResourceFilters';
import { renderWithProviders } from '../render';

describe('ResourceFilters', () => {
  it('offers 是 and 否 for a boolean filter and sends true or false, never a string', async () => {
    const enabled = cameraResource.fields.find((f) => f.name === 'enabled')!;
    expect(enabled.type).toBe('boolean');
    expect(enabled.filter).toBe('eq');
    const onFiltersChange = vi.fn();
    renderWithProviders(
      <ResourceFilters
        fields={[enabled]}
        keyword=""
        filters={{}}
        onKeywordChange={() => undefined}
        onFiltersChange={onFiltersChange}
        onReset={() => undefined}
        refOptions={() => []}
        withKeyword={false}
      />,
    );
    fireEvent.click(screen.getByLabelText('启用'));
    fireEvent.click(await screen.findByRole('option', { name: '否' }));
    expect(onFiltersChange).toHaveBeenLastCalledWith({ enabled: false });
    fireEvent.click(screen.getByLabelText('启用'));
    fireEvent.click(await screen.findByRole('option', { name: '是' }));
    expect(onFiltersChange).toHaveBeenLastCalledWith({ enabled: true });
  });
});
