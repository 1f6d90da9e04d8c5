import { useLingui } from '@lingui/react/macro';
import { Center, Loader } from '@mantine/core';

/**
 * A screen whose script or first data is still on the way (the router's pending state, shown after
 * its default second): the shell around it, the side menu and the header, is already on screen, so
 * a slow network shows where the console is going instead of leaving the previous screen in place.
 */
export function RoutePending() {
  const { t } = useLingui();
  return (
    <Center py="xl" data-testid="route-pending">
      <Loader aria-label={t`加载中`} />
    </Center>
  );
}
