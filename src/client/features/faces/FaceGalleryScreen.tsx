import { useState } from 'react';
import {
  Badge,
  Card,
  Group,
  Image,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import faceLibraryDef from '../../../entities/face-library/resource';
import faceSampleDef from '../../../entities/face-sample/resource';
import { useCodeLabel } from '../resources/display';
import { resourceListQuery, type Row } from '../resources/resources.queries';

const PAGE = 24;

/**
 * /getFaceList: every face sample of the company's libraries as a gallery of pictures with their
 * labels, library and quality; search by label (a name, a room ...) and narrow to one library.
 * Samples are added and edited on /FaceEntities.
 */
export function FaceGalleryScreen() {
  const { t } = useLingui();
  const codeLabel = useCodeLabel();
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword.trim(), 300);
  const [libraryId, setLibraryId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const libraries = useQuery(
    resourceListQuery(faceLibraryDef, { page: 1, size: 100, sort: [{ field: 'id', order: 'desc' }], filters: {} }),
  );
  const libraryRows = (libraries.data?.rows ?? []) as Row[];
  const libraryName = new Map(libraryRows.map((r) => [Number(r.id), String(r.name)]));
  const filters: Record<string, unknown> = libraryId ? { libraryId: Number(libraryId) } : {};
  const samples = useQuery({
    ...resourceListQuery(faceSampleDef, {
      page,
      size: PAGE,
      sort: [{ field: 'id', order: 'desc' }],
      filters,
      ...(debounced ? { keyword: debounced } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const rows = (samples.data?.rows ?? []) as Row[];
  const total = samples.data?.total ?? 0;
  const warning = faceSampleDef.fields.find((f) => f.name === 'warning')!;

  return (
    <Stack p="md" gap="md" data-testid="face-gallery">
      <Title order={3}>
        <Trans>人脸列表</Trans>
      </Title>
      <Group>
        <TextInput
          placeholder={t`按标签搜索（姓名、房间…）`}
          value={keyword}
          onChange={(e) => {
            setKeyword(e.currentTarget.value);
            setPage(1);
          }}
          w={260}
          data-testid="gallery-search"
        />
        <Select
          placeholder={t`全部人脸库`}
          clearable
          data={libraryRows.map((r) => ({ value: String(r.id), label: String(r.name) }))}
          value={libraryId}
          onChange={(v) => {
            setLibraryId(v);
            setPage(1);
          }}
          w={220}
          data-testid="gallery-library"
        />
        <Text size="sm" c="dimmed">
          <Trans>共 {total} 个样本</Trans>
        </Text>
      </Group>
      {rows.length === 0 && !samples.isFetching ? (
        <Text c="dimmed" data-testid="gallery-empty">
          <Trans>无数据</Trans>
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4, lg: 6 }}>
          {rows.map((r) => (
            <Card key={String(r.id)} withBorder padding="xs" data-testid="gallery-card">
              <Card.Section>
                <Image src={String(r.picture)} h={160} fit="cover" alt={String(r.labels)} />
              </Card.Section>
              <Text size="sm" fw={600} mt="xs" lineClamp={1}>
                {String(r.labels).split(',')[0]}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={1}>
                {String(r.labels).split(',').slice(1).join('，') || '-'}
              </Text>
              <Group gap={4} mt={4}>
                <Badge size="xs" variant="light">
                  {libraryName.get(Number(r.libraryId)) ?? `#${String(r.libraryId)}`}
                </Badge>
                <Badge size="xs" variant="outline">
                  <Trans>质量 {Number(r.quality).toFixed(2)}</Trans>
                </Badge>
                {r.warning ? (
                  <Badge size="xs" color="orange">
                    {codeLabel(warning.codes, r.warning)}
                  </Badge>
                ) : null}
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {total > PAGE && <Pagination total={Math.ceil(total / PAGE)} value={page} onChange={setPage} />}
    </Stack>
  );
}
