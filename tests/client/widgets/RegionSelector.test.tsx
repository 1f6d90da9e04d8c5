import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { RegionSelector, type Region, type RegionValue } from '../../../src/client/components/RegionSelector';
import { renderWithProviders } from '../render';

const FIXTURE: Region[] = [
  {
    name: '广东省',
    cityList: [
      { name: '广州市', areaList: [{ name: '天河区' }, { name: '越秀区' }] },
      { name: '深圳市', areaList: [{ name: '南山区' }] },
    ],
  },
  { name: '北京市', cityList: [{ name: '北京市', areaList: [{ name: '海淀区' }] }] },
  { name: '海外', cityList: [] },
];

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(
    async () => new Response(JSON.stringify(FIXTURE), { status: 200, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function Harness({ initial = {}, onChange }: { initial?: RegionValue; onChange?: (v: RegionValue) => void }) {
  const [value, setValue] = useState<RegionValue>(initial);
  return (
    <>
      <RegionSelector
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
      />
      <RegionSelector value={value} onChange={setValue} disabled />
    </>
  );
}

/** The visible inputs labelled `label` (Mantine also labels its listbox and hidden value input). */
function fields(label: string): HTMLInputElement[] {
  return screen
    .getAllByLabelText(label)
    .filter((el): el is HTMLInputElement => el instanceof HTMLInputElement && el.type !== 'hidden');
}
const field = (label: string, index = 0) => fields(label)[index]!;

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string, index = 0) {
  await user.click(field(label, index));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('RegionSelector', () => {
  it('shows the required labels and placeholder and fetches the data once', async () => {
    renderWithProviders(<Harness />);
    expect(fields('状态')).toHaveLength(2);
    expect(fields('市')).toHaveLength(2);
    expect(fields('区')).toHaveLength(2);
    expect(screen.getAllByPlaceholderText('请选择')).toHaveLength(6);
    await waitFor(() => expect(field('状态')).toBeEnabled());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/data/regions.json');
  });

  it('cascades province, city and district', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    await waitFor(() => expect(field('状态')).toBeEnabled());
    expect(field('市')).toBeDisabled();

    await choose(user, '状态', '广东省');
    expect(onChange).toHaveBeenLastCalledWith({ province: '广东省' });
    await choose(user, '市', '广州市');
    expect(onChange).toHaveBeenLastCalledWith({ province: '广东省', city: '广州市' });
    await choose(user, '区', '越秀区');
    expect(onChange).toHaveBeenLastCalledWith({ province: '广东省', city: '广州市', district: '越秀区' });
  });

  it('choosing another province resets city and district', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(
      <Harness initial={{ province: '广东省', city: '深圳市', district: '南山区' }} onChange={onChange} />,
    );
    await waitFor(() => expect(field('区')).toHaveValue('南山区'));
    await choose(user, '状态', '北京市');
    expect(onChange).toHaveBeenLastCalledWith({ province: '北京市' });
    expect(field('市')).toHaveValue('');
    expect(field('区')).toHaveValue('');
  });

  it('leaves city and district disabled for the overseas entry', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await waitFor(() => expect(field('状态')).toBeEnabled());
    await choose(user, '状态', '海外');
    expect(field('市')).toBeDisabled();
    expect(field('区')).toBeDisabled();
  });
});
