import { Autocomplete } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { MAP_DEFAULTS } from '../../../shared/geo/map-config';
import type { PlaceHit, PlaceSearchFn } from '../search';

interface PlaceSearchProps {
  search: PlaceSearchFn;
  onPick: (hit: PlaceHit) => void;
}

/**
 * The map's search box: asks `search` once typing pauses for 250 ms
 * (docs/requirements/realtime-map-and-tracks.md#map-services), newest answer wins.
 */
export function PlaceSearch({ search, onPick }: PlaceSearchProps) {
  const { t } = useLingui();
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<PlaceHit[]>([]);

  useEffect(() => {
    const q = query.trim();
    const ac = new AbortController();
    const timer = setTimeout(() => {
      if (!q) return setHits([]);
      search(q, ac.signal).then(
        (found) => {
          if (!ac.signal.aborted) setHits(found);
        },
        () => undefined,
      );
    }, MAP_DEFAULTS.searchDebounceMs);
    return () => {
      clearTimeout(timer);
      ac.abort();
    };
  }, [query, search]);

  // Autocomplete options are plain strings: each hit's text, unique, maps back to the hit.
  const byText = new Map(hits.map((h) => [h.detail ? `${h.label} · ${h.detail}` : h.label, h]));
  return (
    <Autocomplete
      size="xs"
      w={240}
      value={query}
      onChange={setQuery}
      data={[...byText.keys()]}
      // The answers are already the matches: the box must not filter them again.
      filter={({ options }) => options}
      onOptionSubmit={(text) => {
        const hit = byText.get(text);
        if (hit) onPick(hit);
      }}
      placeholder={t`搜索地点或设备`}
      leftSection={<IconSearch size={14} />}
      comboboxProps={{ withinPortal: false }}
      aria-label={t`搜索地点或设备`}
      data-testid="map-search"
    />
  );
}
