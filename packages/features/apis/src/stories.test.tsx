// Every story of "Your APIs" renders and passes its own checks (its `play` function), with no
// console errors and no axe violations: a story that breaks — a renamed prop, a page that no longer loads with the fake
// backend, a missing provider — fails here, not only when someone opens the Storybook.
import type { composeStory } from '@storybook/react-vite';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { cleanup } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type StoriesModule = Parameters<typeof composeStories>[0];
type ComposedStory = ReturnType<typeof composeStory>;

// Storybook's own annotations (the react renderer, `canvas` queries in play functions).
setProjectAnnotations([]);

const modules = import.meta.glob<StoriesModule>('./**/*.stories.tsx', { eager: true });

// jsdom does not paint, so colour contrast is left to the browser (the e2e axe run). A story is a
// fragment rendered without the shell's landmarks, so "all content inside landmarks" is the e2e
// run's to check too.
const axeOptions: axe.RunOptions = {
  resultTypes: ['violations'],
  rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
};

let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('every "Your APIs" story renders and passes its checks', () => {
  for (const [path, module] of Object.entries(modules)) {
    describe(module.default.title ?? path, () => {
      for (const [name, Story] of Object.entries<ComposedStory>(composeStories(module))) {
        it(name, async () => {
          await Story.run();
          expect(consoleErrors.map((args) => args.map(String).join(' '))).toEqual([]);
          // And what it shows is accessible (axe-core, no violations).
          const { violations } = await axe.run(document.body, axeOptions);
          expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
        });
      }
    });
  }
});

describe('the APIs Storybook', () => {
  const stories = Object.values(modules).flatMap((module) => Object.values<ComposedStory>(composeStories(module)));

  it('has stories for each API-key page', () => {
    expect(Object.keys(modules).filter((path) => path.startsWith('./keys/'))).toHaveLength(3);
  });

  it('gives every story a play function that checks what it shows', () => {
    expect(stories.length).toBeGreaterThanOrEqual(8);
    expect(stories.filter((story) => typeof story.play !== 'function').map((story) => story.id)).toEqual([]);
  });

  it('files every stories module under APIs/ with autodocs', () => {
    for (const module of Object.values(modules)) {
      expect(module.default.title).toMatch(/^APIs\/[A-Z][A-Za-z ]+\/[A-Z][A-Za-z ]+$/);
      expect(module.default.tags).toContain('autodocs');
    }
  });
});
