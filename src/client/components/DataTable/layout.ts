import { useEffect, useState, type RefObject } from 'react';
import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `xs` breakpoint (36em, 576px) lists show cards instead of a table. */
export const PHONE_QUERY = '(max-width: 35.99em)';

/** True on a phone-wide viewport; read synchronously so the first paint is already the right layout. */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
}

/**
 * The content width of `ref`'s element, followed with a ResizeObserver; undefined until measured
 * (before the first observation, or where there is no layout).
 */
export function useContainerWidth(ref: RefObject<HTMLElement | null>): number | undefined {
  const [width, setWidth] = useState<number | undefined>(undefined);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const next = entries[entries.length - 1]?.contentRect.width;
      if (next !== undefined && next > 0) setWidth(Math.floor(next));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
