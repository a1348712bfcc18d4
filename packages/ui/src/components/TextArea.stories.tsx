import type { Meta, StoryObj } from '@storybook/react-vite';
import { TextArea } from './TextArea';

const meta = {
  title: 'Components/TextArea',
  component: TextArea,
  tags: ['autodocs'],
  args: { label: 'Describe your app', placeholder: 'An assistant that answers questions about our return policy…' },
} satisfies Meta<typeof TextArea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithHint: Story = { args: { hint: 'Plain words are fine; the builder asks if anything is unclear.' } };

export const WithError: Story = { args: { error: 'Tell us at least a sentence about the app.' } };

export const Disabled: Story = { args: { disabled: true, defaultValue: 'A recipe generator.' } };

export const LongText: Story = {
  args: {
    rows: 6,
    defaultValue:
      'A tutor for year-9 maths that explains each step, asks the student to try the next one, checks the answer and gives a hint when it is wrong. '.repeat(
        6,
      ),
  },
};
