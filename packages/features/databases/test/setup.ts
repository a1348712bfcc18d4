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

// jsdom does no layout: every element measures 0×0, so a virtualised list would show no row. The
// grid's scroll box gets the size a browser gives it (its CSS max-height: 18 rows of 36 px).
const layoutBoxes = new Set(['db-grid']);
const measured = (element: HTMLElement, size: number): number =>
  [...layoutBoxes].some((name) => element.classList.contains(name)) ? size : 0;
Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
  configurable: true,
  get(this: HTMLElement) {
    return measured(this, 18 * 36);
  },
});
Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
  configurable: true,
  get(this: HTMLElement) {
    return measured(this, 1024);
  },
});
// Radix Select uses pointer capture and scrollIntoView, which jsdom lacks.
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

if (!('PointerEvent' in window)) {
  class PointerEventPolyfill extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  Object.defineProperty(window, 'PointerEvent', { value: PointerEventPolyfill, writable: true });
}
