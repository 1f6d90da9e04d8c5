import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor give up after 1 s by default; on a shared 2-core CI machine a lazy route's first
// render can take longer than that, which is load, not a defect.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks what Mantine reads on mount (media queries, element resizing, scrolling).
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

Element.prototype.scrollIntoView ??= function scrollIntoView() {};
window.scrollTo = () => undefined;

// Without vitest globals, Testing Library cannot register its own cleanup.
// The client project shares one module graph per worker (vitest.config.ts): what a file leaves in a
// module's state (notifications shown, a login saved) must not reach the next file.
afterEach(() => {
  cleanup();
  notifications.clean();
  localStorage.clear();
  sessionStorage.clear();
});
