import { useState } from 'react';
import { Alert, Center, Loader, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { MapView } from '../../map/MapView';
import type { MapApi } from '../../map/types';
import { FenceEditor } from './FenceEditor';
import { MapApiBridge } from './MapApiBridge';
import { emptyFence } from './fenceValues';
import { fenceEditorQuery } from './fences.queries';
import classes from './FenceScreens.module.css';

interface FenceInfoScreenProps {
  /** The fence to edit; absent to add one. */
  id?: number;
  onDone: () => void;
}

/** /fenceInfo: the fence form beside the map it is drawn on. */
export function FenceInfoScreen({ id, onDone }: FenceInfoScreenProps) {
  const [api, setApi] = useState<MapApi | null>(null);
  const existing = useQuery({ ...fenceEditorQuery(id ?? 0), enabled: id !== undefined });
  const initial = id === undefined ? emptyFence() : existing.data;

  return (
    <div className={classes.root} data-testid="fence-info">
      <aside className={classes.panel}>
        <Title order={5} mb="sm">
          {id === undefined ? <Trans>新增围栏</Trans> : <Trans>修改围栏</Trans>}
        </Title>
        {initial ? (
          <FenceEditor key={id ?? 'new'} id={id} initial={initial} api={api} onSaved={onDone} onCancel={onDone} />
        ) : existing.isError ? (
          <Alert color="red">{existing.error.message}</Alert>
        ) : (
          <Center py="xl">
            <Loader size="sm" />
          </Center>
        )}
      </aside>
      <div className={classes.map}>
        <MapView>
          <MapApiBridge onApi={setApi} />
        </MapView>
      </div>
    </div>
  );
}
