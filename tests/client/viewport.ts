import { vi } from 'vitest';
import { PHONE_QUERY } from '../../src/client/components/DataTable';

/** jsdom has no layout: a ResizeObserver that reports `width` for whatever it observes. */
export function stubContainerWidth(width: number) {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe(target: Element) {
        this.callback(
          [{ target, contentRect: { width } } as unknown as ResizeObserverEntry],
          this as unknown as ResizeObserver,
        );
      }
      unobserve() {}
      disconnect() {}
    },
  );
}

/** A viewport where PHONE_QUERY (and only it) matches. */
export function stubPhone() {
  const real = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    ...real(query),
    matches: query === PHONE_QUERY,
    media: query,
  }));
}
