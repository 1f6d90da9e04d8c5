import { useCallback, type MouseEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';

/** True for clicks the browser should handle itself (new tab, new window, download). */
export function isModifiedClick(event: MouseEvent): boolean {
  return event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;
}

/**
 * onClick for a plain <a href={path}> to a menu path ('/' + uri, not a typed route):
 * client-side navigation, while modified clicks keep their browser meaning.
 */
export function useLinkClick(): (path: string) => (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (path: string) => (event: MouseEvent<HTMLElement>) => {
      if (isModifiedClick(event)) return;
      event.preventDefault();
      void navigate({ href: path });
    },
    [navigate],
  );
}
