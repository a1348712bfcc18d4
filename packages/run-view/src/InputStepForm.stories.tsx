import './styles.css';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { inputField } from '../test/field';
import type { Draft } from './answers';
import { InputStepForm } from './InputStepForm';
import type { InputStepFormProps } from './InputStepForm';

/** The page keeps the draft; here the story does. */
function Controlled(props: InputStepFormProps) {
  const [draft, setDraft] = useState<Draft>(props.draft);
  return (
    <InputStepForm
      {...props}
      draft={draft}
      onDraftChange={(next) => {
        setDraft(next);
        props.onDraftChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Run view/Run/InputStepForm',
  component: InputStepForm,
  tags: ['autodocs'],
  args: {
    title: 'Your lesson',
    intro: 'Tell us about the class.',
    submitLabel: 'Plan my lesson',
    draft: {},
    onDraftChange: fn(),
    onSubmit: fn(),
    fields: [
      inputField({ type: 'text', name: 'topic', label: 'Topic', required: true, maxLength: 200 }),
      inputField({ type: 'long_text', name: 'notes', label: 'Notes' }),
      inputField({ type: 'number', name: 'minutes', label: 'Minutes', min: 10, max: 120, integer: true, required: true }),
      inputField({ type: 'choice', name: 'level', label: 'Level', options: ['Beginner', 'Advanced'], required: true }),
      inputField({ type: 'yes_no', name: 'homework', label: 'Homework' }),
    ],
  },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof InputStepForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('form', { name: 'Your lesson' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Plan my lesson' })).toBeEnabled();
  },
};

export const WithErrors: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByRole('spinbutton', { name: /Minutes/ }), '500');
    await userEvent.click(canvas.getByRole('button', { name: 'Plan my lesson' }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(canvas.getByText('3 answers need your attention.')).toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: /Topic/ })).toHaveFocus();
  },
};

export const Filled: Story = {
  args: { draft: { topic: 'Volcanoes', minutes: '45', level: 'Advanced', homework: 'yes' } },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Plan my lesson' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ topic: 'Volcanoes', notes: '', minutes: 45, level: 'Advanced', homework: true });
  },
};

export const ServerRefused: Story = {
  args: { draft: { topic: 'x', minutes: '45', level: 'Beginner' }, serverErrors: { topic: 'The topic must name a subject, not a single letter.' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('The topic must name a subject, not a single letter.')).toBeInTheDocument();
    await expect(canvas.getByText('One answer needs your attention.')).toBeInTheDocument();
  },
};

export const Sending: Story = {
  args: { busy: true, draft: { topic: 'Volcanoes', minutes: '45', level: 'Advanced' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: /Topic/ })).toBeDisabled();
  },
};
