import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

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
