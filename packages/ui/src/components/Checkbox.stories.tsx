import type { Meta, StoryObj } from '@storybook/react-vite';
import { Checkbox } from './Checkbox';
import { Field } from './Field';

const meta = {
  title: 'Components/Checkbox',
  component: Checkbox,
  tags: ['autodocs'],
  args: { label: 'Send me product updates' },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Checked: Story = { args: { defaultChecked: true } };

export const Indeterminate: Story = { args: { checked: 'indeterminate', label: 'Select all apps' } };

export const WithHint: Story = { args: { hint: 'At most one e-mail a month.' } };

export const Disabled: Story = { args: { disabled: true, defaultChecked: true } };

export const WithError: Story = {
  render: (args) => (
    <Field label="Terms" error="You must accept the terms to continue." required>
      <Checkbox {...args} label="I accept the terms of service" />
    </Field>
  ),
};

export const LongText: Story = {
  args: {
    label:
      'Allow students in my classes to open apps I publish to the school, including apps that call external APIs I have configured',
  },
  render: (args) => (
    <div style={{ maxWidth: 320 }}>
      <Checkbox {...args} />
    </div>
  ),
};
