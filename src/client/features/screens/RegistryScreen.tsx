import { Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import { ResourceScreen } from '../resources/ResourceScreen';
import { PlaceholderScreen } from './PlaceholderScreen';
import { screenOf } from './registry';
import type { RouteScreenProps } from './types';

/**
 * What `$page` shows for a route name: its registered screen, else the generic list of its
 * resource, else the placeholder. A screen whose script fails to load throws a ChunkLoadError
 * to the route's error component, which offers a reload.
 */
export function RegistryScreen({ name, ...props }: RouteScreenProps & { name: string }) {
  const entry = screenOf(name);
  if (!entry) return <PlaceholderScreen name={name} />;
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
