import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Select } from '../components/Select';
import { Form, FormField, SubmitButton } from './Form';

const schema = z.object({
  name: z.string().trim().min(1, 'Give it a name.').max(20, 'At most 20 characters.'),
  visibility: z.enum(['public', 'unlisted']),
});

function deferred() {
  let resolve: () => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

function renderForm(onSubmit: (values: z.output<typeof schema>) => unknown, messageOf?: (error: unknown) => string) {
  return render(
    <Form schema={schema} defaultValues={{ name: 'Study kit', visibility: 'public' }} onSubmit={onSubmit} messageOf={messageOf} successMessage="Saved." aria-label="Settings">
      <FormField name="name" label="Name" hint="Shown on the bundle's page." required />
      <FormField name="visibility" label="Who can open it">
        {({ value, onChange, ref: _ref, ...control }) => (
          <Select {...control} value={value as string} onValueChange={onChange} options={[{ value: 'public', label: 'Public' }, { value: 'unlisted', label: 'Unlisted' }]} />
        )}
      </FormField>
      <SubmitButton>Save settings</SubmitButton>
    </Form>,
  );
}

describe('Form', () => {
  it('says what is wrong under the field, wired to it, and saves nothing', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderForm(onSubmit);
    const name = screen.getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription("Shown on the bundle's page. Give it a name.");
    expect(onSubmit).not.toHaveBeenCalled();
    // Fixing the field clears its error as it is typed.
    await user.type(name, 'Kit');
    await waitFor(() => expect(name).not.toHaveAttribute('aria-invalid'));
  });

  it('passes the parsed values, shows the button busy while saving, then says it saved', async () => {
    const save = deferred();
    const onSubmit = vi.fn(() => save.promise);
    const user = userEvent.setup();
    renderForm(onSubmit);
    const name = screen.getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, '  Reading kit ');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save settings' })).toHaveAttribute('aria-busy', 'true'));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Reading kit', visibility: 'public' }, expect.anything());
    save.resolve();
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(screen.getByRole('button', { name: 'Save settings' })).not.toHaveAttribute('aria-busy');
    // Typing again: "Saved." no longer describes what is on the screen.
    await user.type(name, '!');
    expect(screen.queryByText('Saved.')).not.toBeInTheDocument();
  });

  it('says a failed save in the words the mapper gives, and keeps what was typed', async () => {
    const user = userEvent.setup();
    renderForm(() => Promise.reject(new Error('duplicate key value')), (error) => (error instanceof Error && error.message.startsWith('duplicate') ? 'That name is taken.' : 'Something went wrong.'));
    const name = screen.getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Taken');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That name is taken.');
    expect(screen.getByRole('form', { name: 'Settings' })).toHaveAccessibleDescription('That name is taken.');
    expect(name).toHaveValue('Taken');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says a failure without words in a general sentence', async () => {
    const user = userEvent.setup();
    renderForm(() => Promise.reject(new Error('   ')));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });
});
