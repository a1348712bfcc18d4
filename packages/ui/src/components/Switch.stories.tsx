import type { Meta, StoryObj } from '@storybook/react-vite';
import { Switch } from './Switch';

const meta = {
  title: 'Components/Switch',
  component: Switch,
  tags: ['autodocs'],
  args: { label: 'API access' },
} satisfies Meta<typeof Switch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Off: Story = {};

export const On: Story = { args: { defaultChecked: true } };

export const WithHint: Story = { args: { hint: 'Lets your API keys call this app.' } };

export const Disabled: Story = { args: { disabled: true } };

export const LongText: Story = {
  args: { label: 'Show the offline model label on every answer this app produces, including in embedded widgets' },
  render: (args) => (
    <div style={{ maxWidth: 320 }}>
      <Switch {...args} />
    </div>
  ),
};
