import type { composeStory } from '@storybook/react-vite';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { act, render } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import preview from '../.storybook/preview';
import * as ui from './index';

type StoriesModule = Parameters<typeof composeStories>[0];
type ComposedStory = ReturnType<typeof composeStory>;

const modules = import.meta.glob<StoriesModule>('./**/*.stories.tsx', { eager: true });

setProjectAnnotations(preview);

const axeOptions: axe.RunOptions = {
  resultTypes: ['violations'],
  rules: {
    // jsdom neither lays out nor paints, so axe cannot know the rendered colours of text and
    // background. tokens.test.ts checks the WCAG AA contrast of every colour pairing instead.
    'color-contrast': { enabled: false },
  },
};

function describeViolations(violations: axe.Result[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help} at ${node.target.join(' ')}`),
  );
}

describe('every story is free of axe violations', () => {
  for (const [path, module] of Object.entries(modules)) {
    const stories = composeStories(module);
    for (const [name, Story] of Object.entries<ComposedStory>(stories)) {
      it(`${module.default.title ?? path} › ${name}`, async () => {
        // A story is a fragment of a page; render it where it would live, inside <main>, so
        // landmark rules (region) still apply. Page-level stories bring their own landmarks.
        const pageLevel = Story.parameters.layout === 'fullscreen';
        render(<Story />, pageLevel ? {} : { wrapper: ({ children }) => <main>{children}</main> });
        // Let effects, portals and Radix's deferred state (focus, presence) settle.
        await act(async () => {
          await new Promise((resolve) => setTimeout(resolve, 0));
        });
        const all = await axe.run(document.body, { ...axeOptions, rules: { ...axeOptions.rules, region: { enabled: false } } });
        // Open menus and listboxes are portalled to <body> so no overflow or stacking context clips
        // them; focus is inside them while they are open. They are the only content checked against
        // every rule except "all content inside landmarks".
        const landmarks = await axe.run(
          { include: [document.body], exclude: [['[data-radix-popper-content-wrapper]']] },
          { ...axeOptions, runOnly: { type: 'rule', values: ['region'] } },
        );
        expect(describeViolations([...all.violations, ...landmarks.violations])).toEqual([]);
      });
    }
  }
});

describe('the Storybook covers the whole public API', () => {
  const metas = Object.values(modules).map((module) => module.default);

  it('has a stories module for every component exported from the package', () => {
    const documented = new Set<unknown>(
      metas.flatMap((meta) => [meta.component, ...Object.values(meta.subcomponents ?? {})]),
    );
    const components = Object.entries(ui).filter(([name, value]) => /^[A-Z]/.test(name) && typeof value === 'function');
    expect(components.length).toBeGreaterThanOrEqual(25);
    const missing = components.filter(([, component]) => !documented.has(component)).map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it('files every stories module under Components/ or Patterns/ (issue 29) with autodocs', () => {
    for (const meta of metas) {
      expect(meta.title).toMatch(/^(Components|Patterns)\/[A-Z][A-Za-z]+$/);
      expect(meta.tags).toContain('autodocs');
    }
  });
});
