import { useState } from 'react';
import { Badge, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { DataTable, type Column } from '../../components/DataTable';
import { RegionSelector } from '../../components/RegionSelector';
import { citiesOf, districtsOf, regionsQuery, type RegionValue } from '../../components/RegionSelector/regions';

interface Line {
  name: string;
  count: number;
}

/**
 * province: the bundled region data (about 34 provincial regions plus overseas,
 * docs/requirements/constants.md#regions) to browse and search: provinces with their city
 * counts, a province's cities with their district counts, a city's districts.
 */
export function ProvinceScreen() {
  const { t } = useLingui();
  const { data: regions = [], isPending } = useQuery(regionsQuery);
  const [value, setValue] = useState<RegionValue>({});
  const [query, setQuery] = useState('');
  const lines: Line[] = value.city
    ? districtsOf(regions, value.province, value.city).map((name) => ({ name, count: 0 }))
    : value.province
      ? citiesOf(regions, value.province).map((c) => ({ name: c.name, count: c.areaList.length }))
      : regions.map((r) => ({ name: r.name, count: r.cityList.length }));
  const shown = query.trim() ? lines.filter((l) => l.name.includes(query.trim())) : lines;
  const level = value.city ? t`区县` : value.province ? t`城市` : t`省份`;
  const below = value.city ? '' : value.province ? t`区县数` : t`城市数`;
  const columns: Column<Line>[] = [
    { id: 'name', name: 'name', title: level, width: 200, sortable: true },
    ...(below
      ? [
          {
            id: 'count',
            name: 'count',
            title: below,
            width: 120,
            sortable: true,
            render: (l: Line) => <Badge variant="light">{l.count}</Badge>,
          },
        ]
      : []),
  ];

  return (
    <Stack gap="sm" data-testid="province-screen">
      <Title order={4}>
        <Trans>省市区</Trans>
      </Title>
      <Group align="flex-end" wrap="wrap">
        <RegionSelector
          value={value}
          onChange={(next) => {
            setValue(next);
            setQuery('');
          }}
        />
        <TextInput
          label={t`搜索`}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          data-testid="region-search"
        />
      </Group>
      <Text size="sm" c="dimmed" data-testid="region-count">
        <Trans>
          {level}：{shown.length}
        </Trans>
      </Text>
      <DataTable<Line>
        columns={columns}
        rows={shown}
        rowKey={(l) => l.name}
        loading={isPending}
        client={{}}
        testId="region-table"
        rowOptions={(l) => ({
          onClick: value.city
            ? undefined
            : () => {
                setValue(value.province ? { ...value, city: l.name } : { province: l.name });
                // The search was for this level; the next level starts unfiltered.
                setQuery('');
              },
        })}
      />
    </Stack>
  );
}
