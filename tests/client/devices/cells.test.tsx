import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { BatteryCell, SignalBars, StateBadge } from '../../../src/client/features/devices/cells';
import { DEVICE_PRESETS, presetDef, presetSearch } from '../../../src/client/features/devices/DeviceTable';
import { seriesRows } from '../../../src/client/features/devices/devices.queries';
import { renderWithProviders } from '../render';

describe('device cells', () => {
  it.each([
    [1, 'online', 'green', '在线'],
    [0, 'offline', 'gray', '离线'],
    [2, 'inactive', 'yellow', '未激活'],
    [3, 'abnormal', 'red', '异常'],
    [9, 'abnormal', 'red', '9'],
  ])('state %i is a %s badge', (state, key, _color, label) => {
    renderWithProviders(<StateBadge state={state} />);
    const badge = screen.getByTestId('device-state');
    expect(badge.dataset.state).toBe(key);
    expect(badge).toHaveTextContent(label);
  });

  it.each([
    [10, 'red'],
    [11, 'orange'],
    [20, 'orange'],
    [21, 'green'],
    [0, 'red'],
    [100, 'green'],
  ])('battery %i%% is %s', (battery, color) => {
    renderWithProviders(<BatteryCell battery={battery} />);
    const cell = screen.getByTestId('device-battery');
    expect(cell.dataset.color).toBe(color);
    expect(cell).toHaveTextContent(`${battery}%`);
  });

  it('battery without a value is a dash', () => {
    renderWithProviders(<BatteryCell battery={null} />);
    expect(screen.getByTestId('device-battery')).toHaveTextContent('-');
  });

  it('signal shows bars only when online', () => {
    const { unmount } = renderWithProviders(<SignalBars state={1} signal={3} />);
    expect(screen.getByTestId('device-signal').dataset.bars).toBe('3');
    unmount();
    renderWithProviders(<SignalBars state={0} signal={4} />);
    expect(screen.getByTestId('device-signal').dataset.bars).toBe('none');
  });
});

describe('device table presets', () => {
  it('narrow the listed columns in the preset order', () => {
    const def = presetDef(DEVICE_PRESETS.signal);
    const listed = def.fields.filter((f) => f.list !== false).map((f) => f.name);
    expect(listed).toEqual([...DEVICE_PRESETS.signal.columns]);
    expect(def.name).toBe('device');
    // The registry hides operator and ICCID on the admin list; a preset that names them shows them.
    expect(def.fields.filter((f) => f.list && f.list.hidden).map((f) => f.name)).toEqual([]);
  });
  it('start from their filters until the search carries its own', () => {
    expect(presetSearch(DEVICE_PRESETS.activation, {}).filters).toEqual({ state: 2 });
    expect(presetSearch(DEVICE_PRESETS.activation, { filters: { kind: 'gas' } }).filters).toEqual({ kind: 'gas' });
    expect(presetSearch(DEVICE_PRESETS.admin, {})).toEqual({});
  });
});

describe('series answers', () => {
  it('read both the bare array and { rows }', () => {
    expect(seriesRows([1, 2])).toEqual([1, 2]);
    expect(seriesRows({ rows: [3] })).toEqual([3]);
    expect(seriesRows(null)).toEqual([]);
  });
});
