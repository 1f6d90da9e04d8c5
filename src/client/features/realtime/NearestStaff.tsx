import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { NearbyStaff } from '../../../shared/alarms/api';
import { navigateLinks } from '../../../shared/geo/navigate';
import { LANG_TAGS } from '../../../shared/i18n';
import { useLang } from '../../i18n/useLang';
import { request } from '../../lib/request';
import { mapConfigQuery } from '../../map/config';

interface Answer {
  point: { lat: number; lon: number } | null;
  staff: NearbyStaff[];
}

/** Refreshed while the dialog is open: patrol phones report every 10 s or so. */
const REFRESH_MS = 15_000;

const isApple = () => typeof navigator !== 'undefined' && /iPhone|iPad|Macintosh/.test(navigator.userAgent);

/**
 * Who could run to the alarm now (docs/alarms.md "Nearest staff first"): the on-duty staff nearest
 * to it, with the distance and the age of their last fix, a call link, and links that navigate to
 * the alarm (the phone's map app through `geo:`, the web map of the user's locale and provider).
 */
export function NearestStaff({ alarmId, testId }: { alarmId: number; testId: string }) {
  const { t } = useLingui();
  const lang = useLang();
  const near = useQuery({
    queryKey: ['alarm', 'nearestStaff', alarmId],
    queryFn: () => request<Answer>('device', 'alarm/nearestStaff', { id: alarmId }, { background: true, quiet: true }),
    refetchInterval: REFRESH_MS,
  });
  const map = useQuery(mapConfigQuery);
  const data = near.data;
  if (!data) return null;
  const metres = new Intl.NumberFormat(LANG_TAGS[lang], { style: 'unit', unit: 'meter', maximumFractionDigits: 0 });
  const km = new Intl.NumberFormat(LANG_TAGS[lang], { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 });
  const ago = new Intl.RelativeTimeFormat(LANG_TAGS[lang], { numeric: 'auto' });
  const age = (fixAt: string | null) => {
    if (!fixAt) return '';
    const minutes = Math.round((Date.now() - new Date(fixAt).getTime()) / 60_000);
    return minutes < 60 ? ago.format(-minutes, 'minute') : ago.format(-Math.round(minutes / 60), 'hour');
  };
  const links =
    data.point &&
    navigateLinks(data.point, { lang, provider: map.data?.provider ?? 'maplibre', apple: isApple(), label: 'SOS' });
  return (
    <Stack gap={4} data-testid={testId}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          <Trans>最近的值班人员</Trans>
        </Text>
        {links && (
          <Group gap="sm">
            <Anchor size="sm" href={links.geo} data-testid={`${testId}-geo`}>
              <Trans>导航</Trans>
            </Anchor>
            <Anchor size="sm" href={links.web.url} target="_blank" rel="noreferrer" data-testid={`${testId}-web`}>
              {links.web.name === 'amap' ? t`高德地图` : links.web.name === 'apple' ? t`苹果地图` : t`谷歌地图`}
            </Anchor>
          </Group>
        )}
      </Group>
      {data.staff.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid={`${testId}-none`}>
          {data.point ? (
            <Trans>没有值班人员的位置：值班人员共享手机位置或佩戴定位设备后显示在这里</Trans>
          ) : (
            <Trans>此报警没有位置，无法计算距离</Trans>
          )}
        </Text>
      ) : (
        data.staff.map((s) => (
          <Group key={s.userId} gap="xs" justify="space-between" wrap="nowrap" data-testid={`${testId}-row`}>
            <Text size="sm" truncate>
              {s.name}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" fw={600} data-testid={`${testId}-distance`} data-metres={s.distanceM}>
                {s.distanceM < 1000 ? metres.format(s.distanceM) : km.format(s.distanceM / 1000)}
              </Text>
              <Text size="xs" c="dimmed">
                {age(s.fixAt)}
              </Text>
              {s.phone && (
                <Anchor size="sm" href={`tel:${s.phone}`}>
                  {s.phone}
                </Anchor>
              )}
            </Group>
          </Group>
        ))
      )}
    </Stack>
  );
}
