import { useState } from 'react';
import { Tabs, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ResourceDef } from '../../../shared/resources';
import drawingResource from '../../../entities/drawing/resource';
import indoorMapResource from '../../../entities/indoor-map/resource';
import { hasMark } from '../../lib/session';
import { ResourceScreen, type RowAction } from '../resources/ResourceScreen';
import type { Row } from '../resources/resources.queries';
import type { ResourceSearch } from '../resources/search';
import { PictureModal } from './PictureModal';

export interface DrawingLibraryProps {
  search: ResourceSearch;
  onSearchChange: (next: ResourceSearch) => void;
  /** /uwbDrawingList: UWB drawings only. */
  uwbOnly?: boolean;
}

/** /drawingList and /uwbDrawingList: drawings (and on the library, the indoor maps they draw). */
export function DrawingLibraryScreen({ search, onSearchChange, uwbOnly = false }: DrawingLibraryProps) {
  const { t } = useLingui();
  const [mapSearch, setMapSearch] = useState<ResourceSearch>({});
  const [picture, setPicture] = useState<{ def: ResourceDef; row: Row } | null>(null);
  const upload = (def: ResourceDef): RowAction[] =>
    hasMark(`${def.mark}:update`)
      ? [{ id: 'picture', title: t`上传图片`, run: (row) => setPicture({ def, row }) }]
      : [];
  // The UWB list keeps its kind whatever the filter bar says.
  const drawingSearch = uwbOnly ? { ...search, filters: { ...search.filters, kind: 'uwb' } } : search;
  const drawings = (
    <ResourceScreen
      def={drawingResource}
      search={drawingSearch}
      onSearchChange={onSearchChange}
      rowActions={upload(drawingResource)}
      title={
        uwbOnly ? (
          <Title order={4}>
            <Trans>UWB图纸</Trans>
          </Title>
        ) : undefined
      }
    />
  );
  return (
    <>
      {uwbOnly ? (
        drawings
      ) : (
        <Tabs defaultValue="drawings" keepMounted={false}>
          <Tabs.List mb="sm">
            <Tabs.Tab value="drawings">
              <Trans>图纸</Trans>
            </Tabs.Tab>
            <Tabs.Tab value="maps" data-testid="tab-maps">
              <Trans>室内地图</Trans>
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="drawings">{drawings}</Tabs.Panel>
          <Tabs.Panel value="maps">
            <ResourceScreen
              def={indoorMapResource}
              search={mapSearch}
              onSearchChange={setMapSearch}
              rowActions={upload(indoorMapResource)}
            />
          </Tabs.Panel>
        </Tabs>
      )}
      <PictureModal def={picture?.def ?? drawingResource} row={picture?.row ?? null} onClose={() => setPicture(null)} />
    </>
  );
}
