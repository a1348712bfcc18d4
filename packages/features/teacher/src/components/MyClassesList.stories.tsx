import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { APP_ID, CLASS_ID, MY_CLASSES, refuse, settle } from '../stories/fixtures';
import { StoryFrame, WAIT } from '../stories/StoryFrame';
import type { StudentClass } from '../lib/types';
import { JoinClassForm } from './JoinClassForm';
import { MyClassesList } from './MyClassesList';
import { NotATeacher } from './NotATeacher';

function MyClassesDemo({ initial, joinError }: { initial: StudentClass[]; joinError?: string }) {
  const [classes, setClasses] = useState(initial);
  return (
    <StoryFrame>
      <h1>My classes</h1>
      <JoinClassForm
        onJoin={(code) =>
          joinError !== undefined
            ? refuse(joinError)
            : settle(() => setClasses((previous) => [...previous, { id: crypto.randomUUID(), name: `Class ${code}`, subject: null, grade: null, archived: false, display_name: 'Amara', joined_at: new Date().toISOString(), assignments: [] }]))
        }
      />
      <MyClassesList classes={classes} onLeave={(id) => settle(() => setClasses((previous) => previous.filter((cls) => cls.id !== id)))} />
    </StoryFrame>
  );
}

const meta = {
  title: 'Teacher/Components/My classes',
  component: MyClassesDemo,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { initial: MY_CLASSES },
} satisfies Meta<typeof MyClassesDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithAssignments: Story = {
  play: async ({ canvas }) => {
    const open = canvas.getByRole('link', { name: 'Open Photosynthesis tutor' });
    await expect(open).toHaveAttribute('href', `/deployed-app/${APP_ID}?class=${CLASS_ID}`);
    await expect(canvas.getByText('Not open yet')).toBeInTheDocument();
    await expect(canvas.getByText(/Nothing is assigned yet/)).toBeInTheDocument();
  },
};

export const ArchivedClass: Story = {
  args: { initial: MY_CLASSES.map((cls) => ({ ...cls, archived: true })) },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText(/Your teacher archived this class/)).toHaveLength(2);
    await expect(canvas.queryByRole('link', { name: /^Open/ })).not.toBeInTheDocument();
  },
};

export const NotInAClass: Story = {
  args: { initial: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'You are not in a class yet' })).toBeInTheDocument();
  },
};

export const JoinWithACode: Story = {
  args: { initial: [] },
  play: async ({ canvas }) => {
    const code = canvas.getByLabelText(/Class code/);
    await userEvent.type(code, 'abc');
    await userEvent.click(canvas.getByRole('button', { name: 'Join class' }));
    await expect(canvas.getByText(/A class code has 8 letters and digits/)).toBeInTheDocument();
    await userEvent.clear(code);
    await userEvent.type(code, 'k7pq-2xma');
    await userEvent.click(canvas.getByRole('button', { name: 'Join class' }));
    await expect(await canvas.findByRole('heading', { name: 'Class K7PQ2XMA' }, WAIT)).toBeInTheDocument();
  },
};

export const WrongCode: Story = {
  args: { initial: [], joinError: 'No class has this code. Check it with your teacher.' },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/Class code/), 'ZZZZ2222');
    await userEvent.click(canvas.getByRole('button', { name: 'Join class' }));
    await expect(await canvas.findByText('No class has this code. Check it with your teacher.', {}, WAIT)).toBeInTheDocument();
  },
};

export const LeaveAfterConfirming: Story = {
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Leave class 9A History' }));
    await userEvent.click(within(canvasElement.ownerDocument.body).getByRole('button', { name: 'Leave class' }));
    await expect(await canvas.findByRole('heading', { name: '7B Science' }, WAIT)).toBeInTheDocument();
    await expect(canvas.queryByRole('heading', { name: '9A History' })).not.toBeInTheDocument();
  },
};

export const StudentAtTheTeacherPortal: Story = {
  render: () => (
    <StoryFrame>
      <NotATeacher />
    </StoryFrame>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Only teachers can open the teacher portal' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Go to My classes' })).toHaveAttribute('href', '/my-classes');
  },
};
