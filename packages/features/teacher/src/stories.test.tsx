// Every story of the teacher feature renders and passes its own checks (its `play` function),
// with no console errors and no axe violations.
import type { composeStory } from '@storybook/react-vite';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { cleanup } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type StoriesModule = Parameters<typeof composeStories>[0];
type ComposedStory = ReturnType<typeof composeStory>;

setProjectAnnotations([]);

const modules = import.meta.glob<StoriesModule>('./**/*.stories.tsx', { eager: true });

// jsdom does not paint (colour contrast is the e2e run's), and a story has no page landmarks.
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

describe('every teacher story renders and passes its checks', () => {
  it('has stories, each with a play function that checks what it shows', () => {
    const stories = Object.values(modules).flatMap((module) => Object.values<ComposedStory>(composeStories(module)));
    expect(stories.length).toBeGreaterThan(0);
    expect(stories.filter((story) => typeof story.play !== 'function').map((story) => story.id)).toEqual([]);
  });
  for (const [path, module] of Object.entries(modules)) {
    describe(module.default.title ?? path, () => {
      for (const [name, Story] of Object.entries<ComposedStory>(composeStories(module))) {
        it(name, async () => {
          await Story.run();
          expect(consoleErrors.map((args) => args.map(String).join(' '))).toEqual([]);
          const { violations } = await axe.run(document.body, axeOptions);
          expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
        });
      }
    });
  }
});
