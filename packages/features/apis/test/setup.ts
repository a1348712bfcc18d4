import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy pages download their code before they render; on a loaded 2-core CI machine that can take
// longer than Testing Library's default 1 s wait, which made these tests flaky.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no ResizeObserver; Radix (the checkbox of the endpoints editor) measures with it.
class ResizeObserverPolyfill {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverPolyfill;

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
