import { Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import { ListRouteContext } from '../resources/listRoute';
import { ResourceScreen } from '../resources/ResourceScreen';
import { PlaceholderScreen } from './PlaceholderScreen';
import { screenOf } from './registry';
import type { RouteScreenProps, ScreenEntry } from './types';

/**
 * What `$page` shows for a route name: its registered screen, else the generic list of its
 * resource, else the placeholder. A screen whose script fails to load throws a ChunkLoadError
 * to the route's error component, which offers a reload. Lists inside know their route name
 * (ListRouteContext): their default columns and stored column choice are per route.
 */
export function RegistryScreen({ name, ...props }: RouteScreenProps & { name: string }) {
  const entry = screenOf(name);
  if (!entry) return <PlaceholderScreen name={name} />;
  return <ListRouteContext.Provider value={name}>{screen(entry, props)}</ListRouteContext.Provider>;
}

function screen(entry: ScreenEntry, props: RouteScreenProps) {
  const Screen = entry.component;
  if (!Screen) return <ResourceScreen def={entry.resource!} {...props} />;
  return (
    <Suspense
      fallback={
        <Center mih="40vh" data-testid="screen-loading">
          <Loader />
        </Center>
      }
    >
      <Screen {...props} />
    </Suspense>
  );
}
