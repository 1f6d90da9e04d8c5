import { useState } from 'react';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { deviceOptionsQuery } from './fences.queries';

interface FenceDeviceSelectProps {
  value: string[];
  onChange: (imeis: string[]) => void;
  error?: string;
}

/** Search debounce of the map screens (docs/requirements/constants.md#map-and-playback). */
const SEARCH_DEBOUNCE_MS = 250;

/**
 * Devices the fence watches, picked by IMEI or name. The options come from a server-side search
 * (a tenant may have thousands), the chosen ones stay listed with their names while searching.
 */
export function FenceDeviceSelect({ value, onChange, error }: FenceDeviceSelectProps) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const found = useQuery(deviceOptionsQuery(keyword));
  const [names, setNames] = useState<Record<string, string>>({});
  const label = (imei: string, name: string | null | undefined) => (name ? `${name} (${imei})` : imei);

  const options = new Map<string, string>();
  for (const imei of value) options.set(imei, label(imei, names[imei]));
  for (const d of found.data ?? []) options.set(d.imei, label(d.imei, d.name));

  return (
    <MultiSelect
      label={t`关联设备`}
      placeholder={value.length ? undefined : t`输入IMEI或名称搜索`}
      data={[...options].map(([v, l]) => ({ value: v, label: l }))}
      value={value}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered; the select must not hide rows it matched by another column.
      filter={({ options: all }) => all}
      nothingFoundMessage={found.isFetching ? t`加载中...` : t`没有匹配的设备`}
      onChange={(next) => {
        const known = Object.fromEntries((found.data ?? []).filter((d) => d.name).map((d) => [d.imei, d.name!]));
        setNames((prev) => ({ ...prev, ...known }));
        onChange(next);
      }}
      error={error}
      data-testid="fence-devices"
    />
  );
}
