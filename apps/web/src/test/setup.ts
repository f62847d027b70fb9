import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

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
