import type { Meta, StoryObj } from '@storybook/react-vite';
import { Select } from './Select';

const options = [
  { value: 'public', label: 'Public: anyone with the link' },
  { value: 'unlisted', label: 'Unlisted' },
  { value: 'signed_in', label: 'Signed-in users' },
  { value: 'allowed_users', label: 'Allowed users only', disabled: true },
];

const meta = {
  title: 'Components/Select',
  component: Select,
  tags: ['autodocs'],
  args: { label: 'Visibility', options, placeholder: 'Choose who can open it' },
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithValue: Story = { args: { defaultValue: 'unlisted', hint: 'You can change this later.' } };

export const WithError: Story = { args: { error: 'Choose who can open the app.', required: true } };

export const Disabled: Story = { args: { disabled: true, defaultValue: 'public' } };

export const Empty: Story = { args: { options: [], placeholder: 'No options available' } };

export const LongText: Story = {
  args: {
    options: [
      { value: 'long', label: 'A model with a remarkably long display name that needs to be truncated or wrapped' },
      { value: 'short', label: 'Short' },
    ],
    defaultValue: 'long',
  },
  render: (args) => (
    <div style={{ maxWidth: 280 }}>
      <Select {...args} />
    </div>
  ),
};
