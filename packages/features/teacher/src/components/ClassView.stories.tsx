import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { ALERTS, ASSIGNMENTS, ITEMS, MEMBERS, RUNS, STUDENT_IDS, makeClass, makeRun, refuse, settle } from '../stories/fixtures';
import { StoryFrame, WAIT } from '../stories/StoryFrame';
import type { ClassTab } from './ClassView';
import type { Assignment, ClassLiveOutput, ClassMember, ClassRun, SafetyAlert } from '../lib/types';
import { ClassView } from './ClassView';

interface DemoProps {
  tab?: ClassTab;
  members?: ClassMember[];
  assignments?: Assignment[];
  runs?: ClassRun[];
  alerts?: SafetyAlert[];
  /** Plays a student's run arriving and streaming, then a flagged phrase, like the realtime hooks deliver. */
  live?: boolean;
  failExport?: boolean;
}

const LIVE_RUN: ClassRun = makeRun({
  id: 'live-run',
  app_id: ITEMS[0]?.id ?? '',
  app_name: 'Photosynthesis tutor',
  student_id: STUDENT_IDS[2],
  status: 'running',
  inputs: { question: 'How do roots help?' },
  outputs: null,
  started_at: new Date().toISOString(),
  finished_at: null,
});

function ClassDemo({ tab, members = MEMBERS, assignments = ASSIGNMENTS, runs = RUNS, alerts = ALERTS, live = false, failExport = false }: DemoProps) {
  const [state, setState] = useState({ members, assignments, runs, alerts, cls: makeClass(), liveOutputs: new Map<string, ClassLiveOutput>() });
  const writing = (text: string) => () => setState((s) => ({ ...s, liveOutputs: new Map([[LIVE_RUN.id, { stepId: 'answer', text, withheld: null }]]) }));
  useEffect(() => {
    if (!live) return;
    const steps: (() => void)[] = [
      () => setState((s) => ({ ...s, runs: [...s.runs, LIVE_RUN] })),
      writing('Roots take'),
      writing('Roots take up water'),
      () => setState((s) => ({ ...s, runs: s.runs.map((run) => (run.id === LIVE_RUN.id ? { ...run, steps: [{ step_id: 'answer', status: 'done' as const, output: { answer: 'Roots take up water' }, started_at: run.started_at }] } : run)) })),
      () =>
        setState((s) => ({
          ...s,
          alerts: [
            ...s.alerts,
            { id: 'live-alert', class_id: LIVE_RUN.class_id, run_id: LIVE_RUN.id, student_id: STUDENT_IDS[2], student_name: 'Sam Patel', direction: 'input', categories: ['self_harm'], excerpt: 'I want to hurt myself', source: 'local', created_at: new Date().toISOString(), acknowledged_at: null },
          ],
        })),
    ];
    const timers = steps.map((step, index) => setTimeout(step, 150 * (index + 1)));
    return () => timers.forEach(clearTimeout);
  }, [live]);
  return (
    <StoryFrame>
      <ClassView
        cls={state.cls}
        origin="https://schools.example.org"
        members={state.members}
        assignments={state.assignments}
        items={ITEMS}
        runs={state.runs}
        alerts={state.alerts}
        liveOutputs={state.liveOutputs}
        {...(tab === undefined ? {} : { initialTab: tab })}
        onRename={(memberId, name) => settle(() => setState((s) => ({ ...s, members: s.members.map((m) => (m.id === memberId ? { ...m, display_name: name } : m)) })))}
        onRemove={(memberId) => settle(() => setState((s) => ({ ...s, members: s.members.map((m) => (m.id === memberId ? { ...m, removed_at: new Date().toISOString() } : m)) })))}
        onAssign={(input) => {
          const item = ITEMS.find((candidate) => candidate.id === input.id);
          const assignment: Assignment = {
            id: crypto.randomUUID(),
            class_id: state.cls.id,
            updated_at: new Date().toISOString(),
            app_id: input.kind === 'app' ? input.id : null,
            bundle_id: input.kind === 'bundle' ? input.id : null,
            item_name: item?.name ?? null,
            instructions: input.instructions,
            opens_at: input.opens_at,
            due_at: input.due_at,
            created_at: new Date().toISOString(),
          };
          return settle(() => setState((s) => ({ ...s, assignments: [...s.assignments, assignment] })));
        }}
        onUnassign={(id) => settle(() => setState((s) => ({ ...s, assignments: s.assignments.filter((a) => a.id !== id) })))}
        onAcknowledge={(id) => settle(() => setState((s) => ({ ...s, alerts: s.alerts.map((a) => (a.id === id ? { ...a, acknowledged_at: new Date().toISOString() } : a)) })))}
        onSaveSettings={(settings) => settle(() => setState((s) => ({ ...s, cls: { ...s.cls, ...settings } })))}
        onExport={() =>
          failExport ? refuse('Only the teacher of this class can export its runs.') : settle(() => new Blob(['student,app\n'], { type: 'text/csv' }))
        }
        onDelete={() => settle(() => undefined)}
      />
    </StoryFrame>
  );
}

const meta = {
  title: 'Teacher/Components/Class view',
  component: ClassDemo,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ClassDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Roster: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: '7B Science' })).toBeInTheDocument();
    await expect(canvas.getByText('K7PQ2XMA')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'https://schools.example.org/join/K7PQ2XMA' })).toBeInTheDocument();
    await expect(await canvas.findByRole('img', { name: /QR code of the join link/ }, WAIT)).toBeInTheDocument();
    await expect(canvas.getByRole('rowheader', { name: 'Amara Okafor' })).toBeInTheDocument();
  },
};

export const EmptyRoster: Story = {
  args: { members: [], runs: [], alerts: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Nobody has joined yet' })).toBeInTheDocument();
    await expect(await canvas.findByRole('img', { name: /QR code/ }, WAIT)).toBeInTheDocument();
  },
};

export const RenameAndRemove: Story = {
  play: async ({ canvas, canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Rename Leo Fischer' }));
    const field = body.getByLabelText(/Name in this class/);
    await userEvent.clear(field);
    await userEvent.type(field, 'Leo F.');
    await userEvent.click(body.getByRole('button', { name: 'Save name' }));
    await expect(await canvas.findByRole('rowheader', { name: 'Leo F.' }, WAIT)).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Sam Patel' }));
    await userEvent.click(body.getByRole('button', { name: 'Remove student' }));
    await expect(await canvas.findByText(/Removed: Sam Patel/, {}, WAIT)).toBeInTheDocument();
    await expect(canvas.queryByRole('rowheader', { name: 'Sam Patel' })).not.toBeInTheDocument();
  },
};

export const Assignments: Story = {
  args: { tab: 'assignments' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Photosynthesis tutor' })).toBeInTheDocument();
    await expect(canvas.getByText(/Ask the tutor three questions/)).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Assign' }));
    await expect(canvas.getByText('Choose an app or a bundle to assign.')).toBeInTheDocument();
  },
};

export const NothingAssigned: Story = {
  args: { tab: 'assignments', assignments: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Nothing assigned yet' })).toBeInTheDocument();
  },
};

export const LiveRunsAndANewAlert: Story = {
  args: { tab: 'live', live: true },
  play: async ({ canvas }) => {
    const now = canvas.getByRole('region', { name: /Running now/ });
    const run = await within(now).findByRole('article', { name: 'Sam Patel: Photosynthesis tutor' }, WAIT);
    // The saved step output in place of the text being written. (The live text itself is now
    // rendered as Markdown and replaced as soon as the step is saved; LivePanel.test.tsx covers it.)
    await expect(await within(run).findByText('answer: Roots take up water', {}, WAIT)).toBeInTheDocument();
    const banner = await canvas.findByText(/New safety alert/, {}, WAIT);
    await expect(banner.closest('[role="alert"]')).toHaveTextContent('Self-harm in Sam Patel’s input');
    await expect(within(run).getByText('Safety alert')).toBeInTheDocument();
  },
};

export const LiveEmpty: Story = {
  args: { tab: 'live', runs: [], alerts: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Nobody is running an app right now' })).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { name: 'No finished runs yet' })).toBeInTheDocument();
  },
};

export const Alerts: Story = {
  args: { tab: 'alerts' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: /Safety alerts \(1 new\)/ })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Acknowledge alert about Sam Patel' }));
    await expect(await canvas.findByRole('heading', { name: 'Safety alerts' }, WAIT)).toBeInTheDocument();
  },
};

export const NoAlerts: Story = {
  args: { tab: 'alerts', alerts: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No safety alerts' })).toBeInTheDocument();
  },
};

export const Settings: Story = {
  args: { tab: 'settings' },
  play: async ({ canvas }) => {
    const runs = canvas.getByLabelText(/Runs per student per day/);
    await userEvent.clear(runs);
    await userEvent.type(runs, '0');
    await userEvent.click(canvas.getByRole('button', { name: 'Save settings' }));
    await expect(canvas.getByText('At least 1 run a day.')).toBeInTheDocument();
    await userEvent.clear(runs);
    await userEvent.type(runs, '20');
    await userEvent.click(canvas.getByRole('switch', { name: /Profanity/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save settings' }));
    await expect(await canvas.findByText('Settings saved.', {}, WAIT)).toBeInTheDocument();
  },
};

export const ExportRefused: Story = {
  args: { tab: 'settings', failExport: true },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Export runs (CSV)' }));
    await expect(await canvas.findByText('Only the teacher of this class can export its runs.', {}, WAIT)).toBeInTheDocument();
  },
};

export const DeleteNeedsTheName: Story = {
  args: { tab: 'settings' },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete class' }));
    const dialog = within(canvasElement.ownerDocument.body).getByRole('alertdialog');
    await expect(within(dialog).getByRole('button', { name: 'Delete class' })).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox'), '7B Science');
    await expect(within(dialog).getByRole('button', { name: 'Delete class' })).toBeEnabled();
    await userEvent.keyboard('{Escape}');
  },
};
