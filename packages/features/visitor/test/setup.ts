import '@testing-library/jest-dom/vitest';
import { installJsdomPolyfills } from '@appforge/vitest-config/jsdom';
import { cleanup, configure } from '@testing-library/react';
import { preloadMarkdown } from '@appforge/run-view';
import { afterEach, beforeAll } from 'vitest';

// Lazy pages download their code before they render; on a loaded 2-core CI machine that can take
// longer than Testing Library's default 1 s wait, which made these tests flaky.
// On the real backend a page also waits for real requests: a wider wait, never what a test checks.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

installJsdomPolyfills();

// Results render as Markdown on their first render, as they do once a run has loaded the renderer.
beforeAll(() => preloadMarkdown());
