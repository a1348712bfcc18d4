// Browser APIs jsdom lacks, in minimal inert versions, for every package's component tests.
// They are the browser's, not ours: media queries, media playback, layout-driven APIs that Radix
// primitives call (pointer capture, scrollIntoView, ResizeObserver) and, on request, PointerEvent.

/** @param {{ pointerEvent?: boolean }} [options] */
export function installJsdomPolyfills(options = {}) {
  // matchMedia answers "no preference" unless a test sets window.__reducedMotion.value.
  const reducedMotion = { value: false };
  Object.assign(globalThis, { __reducedMotion: reducedMotion });
  window.matchMedia = (query) =>
    /** @type {MediaQueryList} */ ({
      matches: query.includes('prefers-reduced-motion') ? reducedMotion.value : false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    });
  window.HTMLMediaElement.prototype.play = () => Promise.resolve();
  window.HTMLMediaElement.prototype.pause = () => undefined;

  // Radix Select uses pointer capture and scrollIntoView.
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

  // Radix Switch and Checkbox measure with ResizeObserver; nothing resizes in jsdom.
  if (!('ResizeObserver' in globalThis)) {
    class NoResizeObserver {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.assign(globalThis, { ResizeObserver: NoResizeObserver });
  }

  if (options.pointerEvent && !('PointerEvent' in window)) {
    class PointerEventPolyfill extends MouseEvent {
      /** @param {string} type @param {PointerEventInit} [init] */
      constructor(type, init = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
        this.pointerType = init.pointerType ?? 'mouse';
      }
    }
    Object.defineProperty(window, 'PointerEvent', { value: PointerEventPolyfill, writable: true });
  }
}
