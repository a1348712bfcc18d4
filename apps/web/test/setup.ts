import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// jsdom has no layout and does not implement scrolling; react-router's <ScrollRestoration>
// calls it on every navigation.
window.scrollTo = () => undefined;
