import type { InputField } from '@appforge/engine';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { InputFieldsEditor, changeFieldType, toVariableName } from './InputFieldsEditor';

function Harness({ initial, onFields }: { initial: InputField[]; onFields: (fields: InputField[]) => void }) {
  const [fields, setFields] = useState(initial);
  return (
    <InputFieldsEditor
      fields={fields}
      readOnly={false}
      newName={() => `answer_${fields.length + 1}`}
      problemsFor={(i) => (fields[i]?.label === '' ? ['A field needs a label the visitor can read.'] : [])}
      onChange={(next) => {
        setFields(next);
        onFields(next);
      }}
    />
  );
}

const two: InputField[] = [
  { type: 'text', name: 'topic', label: 'Topic', required: true },
  { type: 'number', name: 'age', label: 'Age', required: false, min: 1 },
];

describe('InputFieldsEditor', () => {
  it('reorders and removes fields with buttons that name the field', async () => {
    const user = userEvent.setup();
    let latest: InputField[] = two;
    render(<Harness initial={two} onFields={(fields) => (latest = fields)} />);
    expect(screen.getByRole('button', { name: 'Move field 1 up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move field 2 up' }));
    expect(latest.map((field) => field.name)).toEqual(['age', 'topic']);
    await user.click(screen.getByRole('button', { name: 'Remove field 1: Age' }));
    expect(latest.map((field) => field.name)).toEqual(['topic']);
  });

  it('shows the engine’s message under the field it is about', async () => {
    const user = userEvent.setup();
    render(<Harness initial={two} onFields={() => undefined} />);
    const first = within(screen.getByRole('list', { name: 'Fields' })).getAllByRole('listitem')[0];
    if (!first) throw new Error('no field');
    await user.clear(within(first).getByLabelText('Question'));
    expect(within(first).getByText('A field needs a label the visitor can read.')).toBeInTheDocument();
  });

  it('turns typed names into valid variable names', async () => {
    const user = userEvent.setup();
    let latest: InputField[] = two;
    render(<Harness initial={two} onFields={(fields) => (latest = fields)} />);
    const name = screen.getAllByLabelText('Variable name')[0];
    if (!name) throw new Error('no name');
    await user.clear(name);
    await user.type(name, 'My Topic');
    expect(latest[0]?.name).toBe('my_topic');
  });

  it('is read-only for a frozen version', () => {
    render(<InputFieldsEditor fields={two} readOnly newName={() => 'x'} problemsFor={() => []} onChange={() => undefined} />);
    expect(screen.getAllByLabelText('Question')[0]).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add a field' })).not.toBeInTheDocument();
  });
});

describe('changeFieldType / toVariableName', () => {
  it('keeps what every type shares and gives a choice two options to start from', () => {
    expect(changeFieldType(two[0] as InputField, 'choice')).toEqual({ type: 'choice', name: 'topic', label: 'Topic', required: true, options: ['Option 1', 'Option 2'] });
    expect(changeFieldType(two[1] as InputField, 'text')).toEqual({ type: 'text', name: 'age', label: 'Age', required: false });
  });
  it('lower-cases and replaces what a variable name cannot hold', () => {
    expect(toVariableName('Your Name!')).toBe('your_name_');
    expect(toVariableName('ok_name2')).toBe('ok_name2');
  });
});
