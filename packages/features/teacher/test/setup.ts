import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy pages download their code before they render; on a loaded 2-core CI machine that can take
// longer than Testing Library's default 1 s wait, which made these tests flaky.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// jsdom implements neither media queries nor media playback. Both are the browser's, not ours:
// matchMedia answers "no preference" unless a test sets window.__reducedMotion.
const reducedMotion = { value: false };
Object.assign(globalThis, { __reducedMotion: reducedMotion });
window.matchMedia = (query: string) =>
  ({
    matches: query.includes('prefers-reduced-motion') ? reducedMotion.value : false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;
window.HTMLMediaElement.prototype.play = () => Promise.resolve();
window.HTMLMediaElement.prototype.pause = () => undefined;

// Radix Select uses pointer capture and scrollIntoView, which jsdom lacks (as in @appforge/ui's tests).
const elementPolyfills = {
  hasPointerCapture: () => false,
  setPointerCapture: () => undefined,
  releasePointerCapture: () => undefined,
  scrollIntoView: () => undefined,
};
for (const [name, implementation] of Object.entries(elementPolyfills)) {
  if (!(name in Element.prototype)) {
    Object.defineProperty(Element.prototype, name, { value: implementation, writable: true, configurable: true });
  }
}

// Radix Switch measures its thumb with ResizeObserver, which jsdom lacks; nothing here resizes.
if (!('ResizeObserver' in globalThis)) {
  class NoResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.assign(globalThis, { ResizeObserver: NoResizeObserver });
}
