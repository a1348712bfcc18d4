import './styles.css';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { inputField } from '../test/field';
import type { DraftValue } from './answers';
import { AnswerField } from './AnswerField';
import type { AnswerFieldProps } from './AnswerField';

/** The field keeps what the visitor types, as the form around it does. */
function Controlled(props: AnswerFieldProps) {
  const [value, setValue] = useState<DraftValue>(props.value);
  return (
    <AnswerField
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Run view/Run/AnswerField',
  component: AnswerField,
  tags: ['autodocs'],
  args: {
    id: 'answer',
    value: '',
    onChange: fn(),
    field: inputField({ type: 'text', name: 'topic', label: 'Topic', required: true, placeholder: 'e.g. Volcanoes', help: 'One word or a short phrase.' }),
  },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof AnswerField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Text: Story = {
  play: async ({ canvas, args }) => {
    const box = canvas.getByRole('textbox', { name: /Topic/ });
    await expect(box).toBeRequired();
    await userEvent.type(box, 'Volcanoes');
    await expect(args.onChange).toHaveBeenLastCalledWith('Volcanoes');
  },
};

export const LongText: Story = {
  args: {
    field: inputField({ type: 'long_text', name: 'notes', label: 'Notes for the class', maxLength: 500 }),
    value: 'Year 8, mixed ability. Two pupils use screen readers.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Notes for the class' })).toHaveValue('Year 8, mixed ability. Two pupils use screen readers.');
    await expect(canvas.getByText('53 / 500 characters')).toBeInTheDocument();
  },
};

export const NumberField: Story = {
  name: 'Number',
  args: { field: inputField({ type: 'number', name: 'minutes', label: 'Minutes', min: 10, max: 120, integer: true, required: true }), value: '45' },
  play: async ({ canvas }) => {
    const box = canvas.getByRole('spinbutton', { name: /Minutes/ });
    await expect(box).toHaveValue(45);
    await expect(box).toHaveAttribute('max', '120');
  },
};

export const ChoiceAsRadios: Story = {
  args: { field: inputField({ type: 'choice', name: 'level', label: 'Level', options: ['Beginner', 'Intermediate', 'Advanced'], required: true }), value: 'Intermediate' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: /Level/ })).toBeInTheDocument();
    await expect(canvas.getByRole('radio', { name: 'Intermediate' })).toBeChecked();
  },
};

export const ChoiceAsSelect: Story = {
  args: {
    field: inputField({ type: 'choice', name: 'country', label: 'Country', options: ['Austria', 'Belgium', 'Chile', 'Denmark', 'Egypt', 'France', 'Ghana'] }),
  },
  play: async ({ canvas, args }) => {
    const select = canvas.getByRole('combobox', { name: 'Country' });
    await userEvent.selectOptions(select, 'Ghana');
    await expect(args.onChange).toHaveBeenLastCalledWith('Ghana');
  },
};

export const YesNo: Story = {
  args: { field: inputField({ type: 'yes_no', name: 'homework', label: 'Set homework?' }), value: 'no' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('radio', { name: 'Yes' })).not.toBeChecked();
    await expect(canvas.getByRole('radio', { name: 'No' })).toBeChecked();
  },
};

export const File: Story = {
  args: { field: inputField({ type: 'file', name: 'essay', label: 'Your essay', accept: ['.txt', '.md'], maxBytes: 200_000 }), value: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Your essay')).toHaveAttribute('type', 'file');
    await expect(canvas.getByText(/\.txt, \.md · up to/)).toBeInTheDocument();
  },
};

export const WithError: Story = {
  args: { error: '“Topic” is required.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: /Topic/ })).toHaveAccessibleDescription(/“Topic” is required\./);
  },
};

export const Disabled: Story = {
  args: { disabled: true, value: 'Volcanoes' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: /Topic/ })).toBeDisabled();
  },
};
