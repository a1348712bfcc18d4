// One harness for every feature's Storybook: each story renders and passes its own checks (its
// `play` function) with no console errors and no axe violations, and each stories module is filed
// under the feature's title with autodocs. A story that breaks — a renamed prop, a page that no
// longer loads with the fake backend, a missing provider — fails here, not only when someone opens
// the Storybook.
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// jsdom does not paint, so colour contrast is left to the browser (the e2e axe run). A story is a
// fragment rendered without the shell's landmarks, so "all content inside landmarks" is the e2e
// run's to check too.
/** @type {axe.RunOptions} */
const axeOptions = {
  resultTypes: ['violations'],
  rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
};

/** @param {import('./stories.d.ts').DescribeStoriesOptions} options */
export function describeStories({ title, modules, composeStories, setProjectAnnotations, cleanup, areas = [], minStories = 1 }) {
  // Storybook's own annotations (the react renderer, `canvas` queries in play functions).
  setProjectAnnotations([]);
  /** @type {unknown[][]} */
  let consoleErrors = [];
  beforeEach(() => {
    consoleErrors = [];
    vi.spyOn(console, 'error').mockImplementation((...args) => {
      consoleErrors.push(args);
    });
  });
  afterEach(() => {
    cleanup();
    document.body.innerHTML = '';
  });

  describe(`every ${title} story renders and passes its checks`, () => {
    for (const [path, module] of Object.entries(modules)) {
      describe(module.default.title ?? path, () => {
        for (const [name, Story] of Object.entries(composeStories(module))) {
          it(name, async () => {
            await Story.run();
            expect(consoleErrors.map((args) => args.map(String).join(' '))).toEqual([]);
            const { violations } = await axe.run(document.body, axeOptions);
            expect(
              violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
            ).toEqual([]);
          });
        }
      });
    }
  });

  describe(`the ${title} Storybook`, () => {
    const stories = Object.values(modules).flatMap((module) => Object.values(composeStories(module)));

    it(`has at least ${minStories} stories, covering ${areas.length > 0 ? areas.join(', ') : 'the feature'}`, () => {
      expect(stories.length).toBeGreaterThanOrEqual(minStories);
      const titles = Object.values(modules).map((module) => module.default.title ?? '');
      for (const area of areas) {
        expect(titles.some((storyTitle) => storyTitle.startsWith(`${title}/${area}/`)), area).toBe(true);
      }
    });

    it('gives every story a play function that checks what it shows', () => {
      expect(stories.filter((story) => typeof story.play !== 'function').map((story) => story.id)).toEqual([]);
    });

    it(`files every stories module under ${title}/ with autodocs`, () => {
      const pattern = new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/[A-Z][A-Za-z ]+/[A-Z][A-Za-z ]+$`);
      for (const module of Object.values(modules)) {
        expect(module.default.title).toMatch(pattern);
        expect(module.default.tags).toContain('autodocs');
      }
    });
  });
}
