import { Badge } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { FIX_COLORS } from '../../map/accuracy';

/** The fix source as a coloured badge: GPS, Wi-Fi, LBS (cell towers); the map's circles use the same colours. */
export function FixSourceBadge({ source }: { source?: string | null }) {
  const { t } = useLingui();
  const label: Record<string, string> = { gps: 'GPS', wifi: 'Wi-Fi', lbs: t`基站(LBS)`, uwb: 'UWB' };
  const s = source ?? 'gps';
  return (
    <Badge size="xs" variant="light" color={FIX_COLORS[s] ?? 'gray'} data-source={s}>
      {label[s] ?? s}
    </Badge>
  );
}

/** Metres, or a dash when the device sent no radius. */
export const formatAccuracy = (m: number | null | undefined) =>
  m === null || m === undefined ? '-' : m >= 1000 ? `${(m / 1000).toFixed(1)} km` : `${Math.round(m)} m`;
