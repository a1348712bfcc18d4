import type { Meta, StoryObj } from '@storybook/react-vite';
import { Tabs } from './Tabs';

const meta = {
  title: 'Components/Tabs',
  component: Tabs,
  tags: ['autodocs'],
  args: {
    'aria-label': 'App settings',
    items: [
      { value: 'general', label: 'General', content: <p>Name, icon and description.</p> },
      { value: 'design', label: 'Design', content: <p>Theme colour, font and layout.</p> },
      { value: 'access', label: 'Access', content: <p>Who can open the app.</p> },
      { value: 'billing', label: 'Billing', content: <p>Price.</p>, disabled: true },
    ],
  },
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const SecondSelected: Story = { args: { defaultValue: 'design' } };

export const LongLabels: Story = {
  args: {
    items: [
      { value: 'a', label: 'Inputs and variables', content: <p>Inputs.</p> },
      { value: 'b', label: 'AI steps and prompts', content: <p>Prompts.</p> },
      { value: 'c', label: 'Database reads and writes', content: <p>Database.</p> },
      { value: 'd', label: 'External API calls', content: <p>APIs.</p> },
      { value: 'e', label: 'Outputs and templates', content: <p>Outputs.</p> },
    ],
  },
  render: (args) => (
    <div style={{ maxWidth: 360 }}>
      <Tabs {...args} />
    </div>
  ),
};
