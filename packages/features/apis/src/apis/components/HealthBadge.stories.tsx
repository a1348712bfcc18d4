import '../../styles.css';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { HealthBadge } from './HealthBadge';

const meta = {
  title: 'APIs/List/Health badge',
  component: HealthBadge,
  tags: ['autodocs'],
  args: { api: { last_test_status: 200, last_test_ms: 84 } },
} satisfies Meta<typeof HealthBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Healthy: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('OK · 200 · 84 ms')).toBeInTheDocument();
  },
};

export const NeverTested: Story = {
  args: { api: { last_test_status: null, last_test_ms: null } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Not tested yet')).toBeInTheDocument();
  },
};

export const Unreachable: Story = {
  args: { api: { last_test_status: 0, last_test_ms: 3 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Unreachable at last test')).toBeInTheDocument();
  },
};
