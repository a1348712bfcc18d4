import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge } from './Badge';

const meta = {
  title: 'Components/Badge',
  component: Badge,
  tags: ['autodocs'],
  args: { children: 'Draft', tone: 'neutral' },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Tones: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Badge tone="neutral">Draft</Badge>
      <Badge tone="brand">Pro</Badge>
      <Badge tone="success">Deployed</Badge>
      <Badge tone="warning">Pending DNS</Badge>
      <Badge tone="danger">Failed</Badge>
    </div>
  ),
};

export const LongText: Story = {
  args: { children: 'Waiting for the DNS TXT record to propagate before verification', tone: 'warning' },
  render: (args) => (
    <div style={{ maxWidth: 200 }}>
      <Badge {...args} />
    </div>
  ),
};
