import { Group, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { citiesOf, districtsOf, regionsQuery, type RegionValue } from './regions';

interface RegionSelectorProps {
  value: RegionValue;
  onChange: (value: RegionValue) => void;
  disabled?: boolean;
}

/**
 * Province / city / district dropdowns over the bundled region data (docs/requirements/widgets.md#region-selector).
 * A higher level's change clears the levels below it.
 */
export function RegionSelector({ value, onChange, disabled }: RegionSelectorProps) {
  const { t } = useLingui();
  const { data: regions = [], isPending } = useQuery(regionsQuery);
  const cities = citiesOf(regions, value.province).map((c) => c.name);
  const districts = districtsOf(regions, value.province, value.city);
  const common = {
    placeholder: t`请选择`,
    searchable: true,
    clearable: true,
    comboboxProps: { withinPortal: false },
    miw: 140,
  };

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      {/* docs/requirements/widgets.md#region-selector labels the province field 状态; kept so. */}
      <Select
        {...common}
        label={t({ id: 'region.province', message: '状态' })}
        data={regions.map((r) => r.name)}
        value={value.province ?? null}
        disabled={disabled || isPending}
        onChange={(province) => onChange({ province: province ?? undefined })}
      />
      <Select
        {...common}
        label={t`市`}
        data={cities}
        value={value.city ?? null}
        disabled={disabled || cities.length === 0}
        onChange={(city) => onChange({ province: value.province, city: city ?? undefined })}
      />
      <Select
        {...common}
        label={t`区`}
        data={districts}
        value={value.district ?? null}
        disabled={disabled || districts.length === 0}
        onChange={(district) => onChange({ ...value, district: district ?? undefined })}
      />
    </Group>
  );
}
