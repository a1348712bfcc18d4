import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from './Button';
import { EmptyState } from './EmptyState';

const sparkle = (
  <svg width="32" height="32" viewBox="0 0 24 24" fill="none">
    <path d="M12 2l2.4 7.6L22 12l-7.6 2.4L12 22l-2.4-7.6L2 12l7.6-2.4z" fill="currentColor" />
  </svg>
);

const meta = {
  title: 'Components/EmptyState',
  component: EmptyState,
  tags: ['autodocs'],
  args: {
    icon: sparkle,
    title: 'No apps yet',
    description: 'Describe the app you want in plain words and we will build the first version for you.',
    action: <Button>Create an app</Button>,
  },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const TitleOnly: Story = { args: { icon: undefined, description: undefined, action: undefined } };

export const LongText: Story = {
  args: {
    title: 'Nothing matches the filters you chose for this database table right now',
    description: 'Try removing a filter, widening the date range or checking the spelling of the search text. '.repeat(3),
  },
};
