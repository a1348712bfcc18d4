import '@testing-library/jest-dom/vitest';
import { installJsdomPolyfills } from '@appforge/vitest-config/jsdom';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy pages download their code before they render; on a loaded 2-core CI machine that can take
// longer than Testing Library's default 1 s wait, which made these tests flaky.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

installJsdomPolyfills({ pointerEvent: true });

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
