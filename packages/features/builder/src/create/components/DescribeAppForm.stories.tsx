import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { DescribeAppForm } from './DescribeAppForm';
import type { DescribeAppFormProps } from './DescribeAppForm';

/** The page keeps the text (and restores it after sign-up); here the story does. */
function Controlled(props: DescribeAppFormProps) {
  const [value, setValue] = useState(props.value);
  return (
    <DescribeAppForm
      {...props}
      value={value}
      onChange={(text) => {
        setValue(text);
        props.onChange(text);
      }}
    />
  );
}

const meta = {
  title: 'Builder/Create/DescribeAppForm',
  component: DescribeAppForm,
  tags: ['autodocs'],
  args: { value: '', onChange: fn(), onSubmit: fn(), submitLabel: 'Create my app' },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof DescribeAppForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('0 / 4,000 characters')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Create my app' }));
    await expect(canvas.getByText('Describe your app first: the description cannot be empty.')).toBeInTheDocument();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const Described: Story = {
  args: { value: 'A quiz maker for my history class: ten questions with answers on any topic.' },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Create my app' }));
    await expect(args.onSubmit).toHaveBeenCalledWith('A quiz maker for my history class: ten questions with answers on any topic.');
  },
};

export const TooLong: Story = {
  args: { value: 'x'.repeat(4001) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('4,001 / 4,000 characters')).toBeInTheDocument();
  },
};

export const SignUpFirst: Story = {
  args: { value: 'A recipe helper that plans a week of dinners.', submitLabel: 'Sign up and create my app', pending: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Sign up and create my app/ })).toBeInTheDocument();
  },
};
