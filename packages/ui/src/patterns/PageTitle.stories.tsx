import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { PageTitle } from './PageTitle';

/** Renders nothing on the page: look at the tab (or the play function) for the title. */
const meta = {
  title: 'Patterns/PageTitle',
  component: PageTitle,
  tags: ['autodocs'],
  args: { title: 'Bundles' },
} satisfies Meta<typeof PageTitle>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Page: Story = {
  play: async () => {
    await waitFor(() => expect(document.title).toBe('Bundles · Appforge'));
  },
};
export const PageOfAThing: Story = {
  args: { title: ['Tests', 'Planets'] },
  play: async () => {
    await waitFor(() => expect(document.title).toBe('Tests · Planets · Appforge'));
  },
};
/** A creator's app shown to its visitors: the app's own name, without the product's. */
export const VisitorApp: Story = {
  args: { title: 'Lesson Planner', product: false },
  play: async () => {
    await waitFor(() => expect(document.title).toBe('Lesson Planner'));
  },
};
