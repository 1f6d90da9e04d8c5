import { SegmentedControl } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { MapProviderName } from '../types';

/**
 * docs/requirements/realtime-map-and-tracks.md#map-component: switch between providers; shown only when more than one
 * is configured.
 */
export function ProviderSwitch({
  providers,
  value,
  onChange,
}: {
  providers: MapProviderName[];
  value: MapProviderName;
  onChange: (p: MapProviderName) => void;
}) {
  const { t } = useLingui();
  if (providers.length < 2) return null;
  const label: Record<MapProviderName, string> = { maplibre: t`标准地图`, amap: t`高德地图`, google: t`谷歌地图` };
  return (
    <SegmentedControl
      size="xs"
      value={value}
      onChange={(v) => onChange(v as MapProviderName)}
      data={providers.map((p) => ({ value: p, label: label[p] }))}
      data-testid="map-provider"
    />
  );
}
