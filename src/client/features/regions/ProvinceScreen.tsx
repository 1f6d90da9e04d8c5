import { useState } from 'react';
import { Badge, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
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
      <Table striped highlightOnHover data-testid="region-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{level}</Table.Th>
            {below && <Table.Th>{below}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((l) => (
            <Table.Tr
              key={l.name}
              style={{ cursor: value.city ? undefined : 'pointer' }}
              onClick={() => {
                if (value.city) return;
                setValue(value.province ? { ...value, city: l.name } : { province: l.name });
                // The search was for this level; the next level starts unfiltered.
                setQuery('');
              }}
            >
              <Table.Td>{l.name}</Table.Td>
              {below && (
                <Table.Td>
                  <Badge variant="light">{l.count}</Badge>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {isPending && <Text c="dimmed">…</Text>}
    </Stack>
  );
}
