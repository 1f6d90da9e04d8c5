import { useEffect } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { routeNameOf } from '../../lib/gate';
import { routeTitle } from './navLabel';

/** Title of the screen at the current path; also mirrored into document.title. */
export function usePageTitle(): string {
  const { t, i18n } = useLingui();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const title = routeTitle(i18n, routeNameOf(pathname)) ?? '';
  const product = t`安全物联控制台`;
  useEffect(() => {
    document.title = title ? `${title} - ${product}` : product;
  }, [title, product]);
  return title;
}
