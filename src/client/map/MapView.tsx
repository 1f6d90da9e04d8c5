import { Loader, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { LonLat } from '../../shared/geo/fence';
import { regionsQuery } from '../components/RegionSelector';
import { mapConfigQuery } from './config';
import { MapApiContext } from './context';
import { CityPicker } from './controls/CityPicker';
import { FullscreenButton } from './controls/FullscreenButton';
import { PlaceSearch } from './controls/PlaceSearch';
import { ProviderSwitch } from './controls/ProviderSwitch';
import { loadProvider } from './provider';
import { searchDevices, deviceInfoQuery } from './queries';
import { placeSearch, type PlaceHit } from './search';
import type { MapProviderName, ProviderHandle, ViewState } from './types';
import classes from './MapView.module.css';

export interface MapViewProps {
  /** Layer components (they render nothing, or an overlay such as a popup). */
  children?: ReactNode;
  /** Where the map opens; default the configured centre and zoom (114.06, 22.54, zoom 19). */
  initialView?: { center: LonLat; zoom: number };
  /** Search, city and full-screen controls (on by default). */
  controls?: boolean;
}

/**
 * The one map of a screen (style guide 8). The provider comes from the map config and can be
 * switched when several are configured; the view carries over a switch, and layers re-apply
 * themselves because the MapApi they depend on changes.
 */
export function MapView({ children, initialView, controls = true }: MapViewProps) {
  const queryClient = useQueryClient();
  const { data: config } = useQuery(mapConfigQuery);
  const [chosen, setChosen] = useState<MapProviderName | null>(null);
  const [handle, setHandle] = useState<ProviderHandle | null>(null);
  const [failed, setFailed] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<ViewState | null>(initialView ?? null);
  const provider = chosen ?? config?.provider ?? 'maplibre';

  useEffect(() => {
    const parent = hostRef.current;
    if (!config || !parent) return;
    // A fresh container per provider: SDKs leave their own DOM and listeners behind otherwise.
    const host = document.createElement('div');
    // Inline, because MapLibre's own stylesheet makes its container position: relative.
    host.style.cssText = 'position:absolute;inset:0';
    host.dataset.testid = 'map-host';
    host.dataset.provider = provider;
    parent.appendChild(host);
    let live: ProviderHandle | null = null;
    let cancelled = false;
    const view = viewRef.current ?? { center: config.center, zoom: config.zoom };
    loadProvider(provider)
      .then((factory) => factory(host, config, view))
      .then(
        (created) => {
          if (cancelled) return created.destroy();
          live = created;
          setFailed(false);
          setHandle(created);
        },
        () => {
          if (cancelled) return;
          // A commercial SDK that does not load (no network, bad key) falls back to MapLibre.
          if (provider !== 'maplibre') setChosen('maplibre');
          else setFailed(true);
        },
      );
    return () => {
      cancelled = true;
      if (live) {
        viewRef.current = live.getView();
        live.destroy();
      }
      host.remove();
      setHandle(null);
    };
  }, [config, provider]);

  const search = useMemo(
    () => (config ? placeSearch(config, provider, () => queryClient.fetchQuery(regionsQuery), searchDevices) : null),
    [config, provider, queryClient],
  );
  const api = handle?.api ?? null;

  const pick = async (hit: PlaceHit) => {
    if (hit.center) return api?.setView(hit.center, hit.zoom);
    if (!hit.imei) return;
    const info = await queryClient.fetchQuery(deviceInfoQuery(hit.imei)).catch(() => null);
    if (info?.lat != null && info.lon != null) api?.setView([info.lon, info.lat], 18);
  };

  return (
    <div ref={rootRef} className={classes.root} data-testid="map-view" data-provider={handle ? provider : undefined}>
      <div ref={hostRef} className={classes.host} />
      {!handle && (
        <div className={classes.status}>
          {failed ? (
            <Text c="red">
              <Trans>地图加载失败</Trans>
            </Text>
          ) : (
            <Loader size="sm" />
          )}
        </div>
      )}
      <MapApiContext.Provider value={api}>
        {controls && api && config && search && (
          <>
            <div className={classes.topLeft}>
              <PlaceSearch search={search} onPick={(hit) => void pick(hit)} />
              <CityPicker />
            </div>
            <div className={classes.topRight}>
              <ProviderSwitch providers={config.providers} value={provider} onChange={setChosen} />
              <FullscreenButton target={rootRef} />
            </div>
          </>
        )}
        {api && children}
      </MapApiContext.Provider>
    </div>
  );
}
