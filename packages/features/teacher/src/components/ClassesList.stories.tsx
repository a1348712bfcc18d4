import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { CLASSES, makeClass, refuse, settle } from '../stories/fixtures';
import { StoryFrame, WAIT } from '../stories/StoryFrame';
import type { TeacherClass } from '../lib/types';
import { ClassesList } from './ClassesList';

/** The list with working create and archive over local state, as the page's hooks would do. */
function ClassesDemo({ initial, failCreate = false }: { initial: TeacherClass[]; failCreate?: boolean }) {
  const [classes, setClasses] = useState(initial);
  return (
    <StoryFrame>
      <ClassesList
        classes={classes}
        onCreate={(input) =>
          failCreate
            ? refuse('Only teachers can create classes.')
            : settle(() => setClasses((previous) => [...previous, makeClass({ ...input, id: crypto.randomUUID(), join_code: 'NEW2CODE' })]))
        }
        onArchive={(classId, archived) =>
          settle(() => setClasses((previous) => previous.map((cls) => (cls.id === classId ? { ...cls, archived_at: archived ? new Date().toISOString() : null } : cls))))
        }
      />
    </StoryFrame>
  );
}

const meta = {
  title: 'Teacher/Components/Classes list',
  component: ClassesDemo,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { initial: CLASSES },
} satisfies Meta<typeof ClassesDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithClasses: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: '7B Science' })).toBeInTheDocument();
    const archived = canvas.getByRole('region', { name: 'Archived' });
    await expect(within(archived).getByRole('link', { name: 'Coding club 2025' })).toBeInTheDocument();
  },
};

export const Empty: Story = {
  args: { initial: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No classes yet' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Create your first class' })).toBeInTheDocument();
  },
};

export const CreateAClass: Story = {
  args: { initial: [] },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Create your first class' }));
    const dialog = within(canvasElement.ownerDocument.body).getByRole('dialog', { name: 'New class' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create class' }));
    await expect(within(dialog).getByText('Give the class a name.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Class name/), '8C Biology');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create class' }));
    await expect(await canvas.findByRole('link', { name: '8C Biology' }, WAIT)).toBeInTheDocument();
  },
};

export const CreateRefused: Story = {
  args: { initial: [], failCreate: true },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Create your first class' }));
    const dialog = within(canvasElement.ownerDocument.body).getByRole('dialog', { name: 'New class' });
    await userEvent.type(within(dialog).getByLabelText(/Class name/), '8C Biology');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create class' }));
    await expect(await within(dialog).findByRole('alert', {}, WAIT)).toHaveTextContent('Only teachers can create classes.');
    await userEvent.keyboard('{Escape}');
  },
};

export const ArchiveAfterConfirming: Story = {
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Archive 9A History' }));
    const dialog = within(canvasElement.ownerDocument.body).getByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive class' }));
    const archived = await canvas.findByRole('region', { name: 'Archived' }, WAIT);
    await expect(await within(archived).findByRole('link', { name: '9A History' }, WAIT)).toBeInTheDocument();
  },
};
