import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './Field';
import { TextField } from './TextField';

describe('Field', () => {
  it('labels the control inside it', () => {
    render(
      <Field label="App name">
        <TextField />
      </Field>,
    );
    expect(screen.getByRole('textbox', { name: 'App name' })).toBeInTheDocument();
  });

  it('links the hint and the error to the control and marks it invalid', () => {
    render(
      <Field label="App name" hint="Shown publicly." error="Enter a name.">
        <TextField />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'App name' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Shown publicly. Enter a name.');
  });

  it('does not mark the control invalid without an error', () => {
    render(
      <Field label="App name" hint="Shown publicly.">
        <TextField />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'App name' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('Shown publicly.');
  });

  it('marks required controls as required', () => {
    render(
      <Field label="E-mail" required>
        <TextField type="email" />
      </Field>,
    );
    expect(screen.getByRole('textbox', { name: /E-mail/ })).toBeRequired();
  });

  it('hands the wiring to any control through a render function', () => {
    render(
      <Field label="Budget" error="Too high.">
        {(control) => <input type="number" {...control} />}
      </Field>,
    );
    const input = screen.getByRole('spinbutton', { name: 'Budget' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Too high.');
  });
});
