import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge } from './Badge';
import { Button } from './Button';
import { Card } from './Card';

const meta = {
  title: 'Components/Card',
  component: Card,
  tags: ['autodocs'],
  args: {
    title: 'Support bot',
    description: 'Answers questions about orders and returns.',
    children: <p style={{ margin: 0 }}>Version 4 is live on the public link.</p>,
  },
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithActionsAndFooter: Story = {
  args: {
    actions: <Badge tone="success">Deployed</Badge>,
    footer: (
      <>
        <Button variant="secondary">Open</Button>
        <Button>Edit</Button>
      </>
    ),
  },
};

export const BodyOnly: Story = {
  args: { title: undefined, description: undefined, children: <p style={{ margin: 0 }}>Just some content.</p> },
};

export const LongText: Story = {
  args: {
    title: 'An app with an extraordinarily long name that keeps going well past the width of the card',
    description:
      'A description that is also rather long, so the layout has to wrap it over several lines without overlapping the actions.',
    actions: <Badge>Draft</Badge>,
  },
  render: (args) => (
    <div style={{ maxWidth: 360 }}>
      <Card {...args} />
    </div>
  ),
};
