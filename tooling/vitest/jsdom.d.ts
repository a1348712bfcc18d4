/** Installs inert versions of the browser APIs jsdom lacks (matchMedia with window.__reducedMotion, media playback, Radix's pointer capture / scrollIntoView / ResizeObserver, and PointerEvent on request). */
export declare function installJsdomPolyfills(options?: { pointerEvent?: boolean }): void;
