import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { trackDevicesQuery } from './tracks.queries';

/** docs/requirements/constants.md#map-and-playback: search input debounce. */
const SEARCH_DEBOUNCE_MS = 250;

/** Picks one of the caller's devices, searched by name or IMEI on the service. */
export function DevicePicker({
  value,
  onChange,
  kind,
  testId = 'track-device',
}: {
  value: string | undefined;
  onChange: (imei: string) => void;
  kind?: string;
  testId?: string;
}) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // While the box shows the chosen device's label, list everything rather than search for it.
  const devices = useQuery({
    ...trackDevicesQuery(keyword.includes(' · ') ? '' : keyword, kind),
    placeholderData: keepPreviousData,
  });
  const options = (devices.data ?? []).map((d) => ({
    value: d.imei,
    label: d.name ? `${d.name} · ${d.imei}` : d.imei,
  }));
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: value });

  return (
    <Select
      searchable
      w={300}
      aria-label={t`设备`}
      placeholder={t`按名称或IMEI搜索设备`}
      data-testid={testId}
      data={options}
      value={value ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={t`无数据`}
      onChange={(imei) => imei && onChange(imei)}
    />
  );
}
