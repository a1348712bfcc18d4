import type { Meta, StoryObj } from '@storybook/react-vite';
import { FullScreenSpinner } from './FullScreenSpinner';

const meta = {
  title: 'Components/FullScreenSpinner',
  component: FullScreenSpinner,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, height: '240px' } } },
  args: { label: 'Loading your workspace' },
} satisfies Meta<typeof FullScreenSpinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithVisibleLabel: Story = { args: { showLabel: true } };
