import '@testing-library/jest-dom/vitest';
import { installJsdomPolyfills } from '@appforge/vitest-config/jsdom';
import { cleanup, configure } from '@testing-library/react';
import { preloadMarkdown } from '../src/LazyMarkdown';
import { afterEach, beforeAll } from 'vitest';

// The run view's components render in jsdom; Testing Library waits as long as the features' tests do.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

installJsdomPolyfills();

// Results render as Markdown on their first render, as they do once a run has loaded the renderer.
beforeAll(() => preloadMarkdown());
