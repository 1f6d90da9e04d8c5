import { Badge, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import packageDef, {
  CARD_TYPE_TABLE,
  PACKAGE_LANGUAGE_TABLE,
  PACKAGE_TYPE,
  PACKAGE_TYPE_TABLE,
} from '../../../entities/sim-package/resource';
import { isAllowed } from '../../lib/session';
import { useCodeLabel } from '../resources/display';
import { resourceListQuery, type Row } from '../resources/resources.queries';

const TYPE_ORDER = [PACKAGE_TYPE.data, PACKAGE_TYPE.addOn, PACKAGE_TYPE.topUp];

/** Packages grouped by type, in TYPE_ORDER, each group cheapest first (the list comes sorted by price). */
export function groupPackages(rows: readonly Row[]): { type: number; rows: Row[] }[] {
  return TYPE_ORDER.map((type) => ({ type, rows: rows.filter((r) => Number(r.type) === type) })).filter(
    (g) => g.rows.length > 0,
  );
}

/** "12.5" -> "12.50". */
export const yuanText = (price: unknown) => (Number.isFinite(Number(price)) ? Number(price).toFixed(2) : '—');

/**
 * /packageList: the company's packages on sale as cards grouped by type (data package, add-on,
 * top-up) with price, allowance, validity and language; 购买 opens /topup with the package chosen.
 */
export function PackageListScreen() {
  const { t } = useLingui();
  const codeLabel = useCodeLabel();
  const navigate = useNavigate();
  const list = useQuery(
    resourceListQuery(packageDef, {
      page: 1,
      size: 200,
      sort: [{ field: 'price', order: 'asc' }],
      filters: { status: 1 },
    }),
  );
  // 购买 goes to /topup: only for users whose menus include it.
  const canBuy = isAllowed('topup');
  const groups = groupPackages((list.data?.rows ?? []) as Row[]);

  if (list.isLoading) {
    return (
      <Center p="xl">
        <Loader />
      </Center>
    );
  }
  return (
    <Stack gap="lg" p="md" data-testid="package-list">
      <Title order={3}>
        <Trans>套餐列表</Trans>
      </Title>
      {groups.length === 0 && (
        <Text c="dimmed">
          <Trans>暂无在售套餐</Trans>
        </Text>
      )}
      {groups.map((g) => (
        <Stack key={g.type} gap="sm" data-testid={`package-group-${g.type}`}>
          <Title order={4}>{codeLabel(PACKAGE_TYPE_TABLE, g.type)}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4 }}>
            {g.rows.map((p) => (
              <Card key={p.id} withBorder shadow="xs" padding="md" data-testid={`package-card-${p.id}`}>
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={600}>{String(p.name)}</Text>
                    <Badge variant="light">{codeLabel(CARD_TYPE_TABLE, p.cardType ?? 0)}</Badge>
                  </Group>
                  <Text size="xl" fw={700} c="orange" data-testid={`package-price-${p.id}`}>
                    ¥{yuanText(p.price)}
                  </Text>
                  <Text size="sm">
                    <Trans>流量 {String(p.dataMb ?? 0)} MB</Trans>
                    {Number(p.multiplier ?? 1) !== 1 ? ` ×${String(p.multiplier)}` : ''}
                  </Text>
                  {Number(p.smsCount ?? 0) > 0 && (
                    <Text size="sm">
                      <Trans>短信 {String(p.smsCount)} 条</Trans>
                    </Text>
                  )}
                  {Number(p.voiceMinutes ?? 0) > 0 && (
                    <Text size="sm">
                      <Trans>语音 {String(p.voiceMinutes)} 分钟</Trans>
                    </Text>
                  )}
                  <Text size="sm">
                    <Trans>有效期 {String(p.validityDays)} 天</Trans>
                  </Text>
                  <Text size="sm" c="dimmed">
                    <Trans>语言：{codeLabel(PACKAGE_LANGUAGE_TABLE, p.language ?? 0)}</Trans>
                  </Text>
                  {p.note ? (
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {String(p.note)}
                    </Text>
                  ) : null}
                  <Button
                    mt="xs"
                    disabled={!canBuy}
                    onClick={() => void navigate({ href: `/topup?packageId=${p.id}` })}
                    data-testid={`package-buy-${p.id}`}
                    aria-label={t`购买 ${String(p.name)}`}
                  >
                    <Trans>购买</Trans>
                  </Button>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
