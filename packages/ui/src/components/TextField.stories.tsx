import type { Meta, StoryObj } from '@storybook/react-vite';
import { TextField } from './TextField';

const meta = {
  title: 'Components/TextField',
  component: TextField,
  tags: ['autodocs'],
  args: { label: 'E-mail', type: 'email', placeholder: 'you@example.com' },
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithHint: Story = { args: { hint: 'We send the sign-in link here.' } };

export const WithError: Story = { args: { defaultValue: 'not-an-email', error: 'Enter a valid e-mail address.' } };

export const Disabled: Story = { args: { disabled: true, defaultValue: 'ada@example.com' } };

export const Required: Story = { args: { required: true } };

export const LongValue: Story = {
  args: {
    label: 'Webhook URL',
    type: 'url',
    defaultValue: 'https://hooks.example.com/services/T000000/B000000/XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX',
  },
};

export const WithoutVisibleLabel: Story = {
  args: { label: undefined, 'aria-label': 'Search apps', type: 'search', placeholder: 'Search apps' },
};
