import type { Meta, StoryObj } from '@storybook/react-vite';
import { Time } from './Time';

const NOW = Date.parse('2026-11-21T12:00:00Z');

const meta = {
  title: 'Patterns/Time',
  component: Time,
  tags: ['autodocs'],
  args: { value: '2026-11-20T15:40:12Z', format: 'date-time', timeZone: 'UTC' },
} satisfies Meta<typeof Time>;

export default meta;
type Story = StoryObj<typeof meta>;

export const DateTime: Story = {};
export const DateOnly: Story = { args: { format: 'date' } };
export const Relative: Story = { args: { format: 'relative', value: '2026-11-21T11:55:00Z', now: NOW } };
export const Missing: Story = { args: { value: null, fallback: 'Never' } };
