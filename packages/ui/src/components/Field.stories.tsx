import type { Meta, StoryObj } from '@storybook/react-vite';
import { Field } from './Field';
import { TextField } from './TextField';

const meta = {
  title: 'Components/Field',
  component: Field,
  tags: ['autodocs'],
  args: { label: 'App name', children: <TextField placeholder="My support bot" /> },
} satisfies Meta<typeof Field>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithHint: Story = { args: { hint: 'Shown on the public page and in the app list.' } };

export const Required: Story = { args: { required: true } };

export const WithError: Story = {
  args: { hint: 'Between 3 and 60 characters.', error: 'Enter a name for your app.' },
};

export const CustomControl: Story = {
  args: {
    label: 'Colour',
    hint: 'Any native control works through the render function.',
    children: (control) => <input type="color" defaultValue="#6d28d9" {...control} />,
  },
};

export const LongText: Story = {
  args: {
    label: 'A very long label that explains in detail which value this field expects from the person',
    hint: 'An equally long hint that wraps onto several lines to show how the layout copes with lots of text.',
    error: 'And an error message long enough to wrap, telling the person exactly what went wrong and how to fix it.',
  },
  render: (args) => (
    <div style={{ maxWidth: 320 }}>
      <Field {...args} />
    </div>
  ),
};
