import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Lazy route chunks are transformed on first use, which can take a few seconds on a cold run.
configure({ asyncUtilTimeout: 15_000 });

// antd's responsive observers call matchMedia, which jsdom does not implement.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// antd measures scrollbars and observes resizes; jsdom lacks both.
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
window.scrollTo = () => {};
const origGetComputedStyle = window.getComputedStyle;
window.getComputedStyle = (elt: Element, pseudo?: string | null) => origGetComputedStyle(elt, pseudo ?? undefined);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
