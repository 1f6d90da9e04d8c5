import type { ReactNode } from 'react';
import { ResourceScreen, type RowAction } from '../resources/ResourceScreen';
import type { Row } from '../resources/resources.queries';
import type { ResourceSearch } from '../resources/search';
import { deviceCells, SignalBars } from './cells';
import { DEVICE_PRESETS, presetDef, presetSearch, type DevicePreset, type DevicePresetName } from './presets';

export { DEVICE_PRESETS, presetDef, presetSearch, type DevicePreset, type DevicePresetName } from './presets';

/** Cells a preset shows differently from the registry's defaults. */
const PRESET_CELLS: Partial<Record<DevicePresetName, Record<string, (row: Row) => ReactNode>>> = {
  signal: {
    // The signal column leads this screen, with the bars shown larger.
    signal: (row: Row) => (
      <div style={{ transform: 'scale(1.4)', transformOrigin: 'left center' }}>
        <SignalBars state={row.state as number | null} signal={row.signal as number | null} />
      </div>
    ),
  },
};

export interface DeviceTableProps {
  preset: DevicePresetName;
  search: ResourceSearch;
  onSearchChange: (next: ResourceSearch) => void;
  rowActions?: RowAction[];
  toolbar?: (selected: number[]) => ReactNode;
  title?: ReactNode;
}

/** One device table for every device list screen; presets pick columns and starting filters. */
export function DeviceTable({ preset: name, search, onSearchChange, rowActions, toolbar, title }: DeviceTableProps) {
  const preset: DevicePreset = DEVICE_PRESETS[name];
  return (
    <ResourceScreen
      def={presetDef(preset)}
      search={presetSearch(preset, search)}
      onSearchChange={onSearchChange}
      rowActions={rowActions}
      toolbar={toolbar}
      cells={{ ...deviceCells, ...PRESET_CELLS[name] }}
      canChange={preset.canChange ?? false}
      title={title}
    />
  );
}
