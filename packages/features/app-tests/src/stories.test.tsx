// Every story of the feature renders, passes its own checks (its `play`) and axe, with no
// console errors; the harness is shared by every feature (@appforge/vitest-config/stories).
import { describeStories } from '@appforge/vitest-config/stories';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { cleanup } from '@testing-library/react';

describeStories({
  title: 'App tests',
  modules: import.meta.glob('./**/*.stories.tsx', { eager: true }),
  composeStories,
  setProjectAnnotations,
  cleanup,
  areas: ['Pages'],
  minStories: 1,
});
