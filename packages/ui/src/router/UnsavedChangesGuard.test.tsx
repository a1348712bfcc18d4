import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, Link, MemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Form, FormField, SubmitButton } from '../patterns/Form';
import { UnsavedChangesGuard, useUnsavedChangesGuard } from './UnsavedChangesGuard';

const schema = z.object({ title: z.string().min(1, 'Give it a title.') });

function Editor({ navigateOnSave = false }: { navigateOnSave?: boolean }) {
  const navigate = useNavigate();
  return (
    <>
      <Link to="/elsewhere">Elsewhere</Link>
      <Form
        schema={schema}
        defaultValues={{ title: 'Notes' }}
        onSubmit={async () => {
          if (navigateOnSave) await navigate('/saved');
        }}
        successMessage="Saved."
      >
        <UnsavedChangesGuard />
        <FormField name="title" label="Title" />
        <SubmitButton>Save</SubmitButton>
      </Form>
    </>
  );
}

function renderAt(editor: ReactElement) {
  const router = createMemoryRouter(
    [
      { path: '/edit', element: editor },
      { path: '/elsewhere', element: <h1>Elsewhere page</h1> },
      { path: '/saved', element: <h1>Saved page</h1> },
    ],
    { initialEntries: ['/edit'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function beforeUnloadIsStopped(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('UnsavedChangesGuard', () => {
  it('lets a person leave an untouched form without asking', async () => {
    const user = userEvent.setup();
    const router = renderAt(<Editor />);
    expect(beforeUnloadIsStopped()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('asks before an in-app link drops typed text: "Stay" keeps it, "Leave" goes on', async () => {
    const user = userEvent.setup();
    const router = renderAt(<Editor />);
    await user.type(screen.getByRole('textbox', { name: 'Title' }), ' for Monday');
    expect(beforeUnloadIsStopped()).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/edit');
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Notes for Monday');

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/elsewhere');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('does not ask after the typed text is saved', async () => {
    const user = userEvent.setup();
    renderAt(<Editor />);
    await user.type(screen.getByRole('textbox', { name: 'Title' }), ' for Monday');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(beforeUnloadIsStopped()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere page' })).toBeInTheDocument();
  });

  it('does not stop a save that moves on to another page', async () => {
    const user = userEvent.setup();
    const router = renderAt(<Editor navigateOnSave />);
    await user.type(screen.getByRole('textbox', { name: 'Title' }), ' for Monday');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Saved page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/saved');
  });

  it('guards any state given to the hook', async () => {
    function Draft() {
      const dialog = useUnsavedChangesGuard(true);
      return (
        <>
          <Link to="/elsewhere">Elsewhere</Link>
          {dialog}
        </>
      );
    }
    const user = userEvent.setup();
    const router = renderAt(<Draft />);
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('alertdialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/edit');
  });

  it('under a plain <MemoryRouter> (no data router) still warns on tab close instead of crashing', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <Form schema={schema} defaultValues={{ title: 'Notes' }} onSubmit={() => undefined}>
          <UnsavedChangesGuard />
          <FormField name="title" label="Title" />
        </Form>
      </MemoryRouter>,
    );
    expect(beforeUnloadIsStopped()).toBe(false);
    await user.type(screen.getByRole('textbox', { name: 'Title' }), '!');
    expect(beforeUnloadIsStopped()).toBe(true);
  });
});
