import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ALERTS, MEMBERS, RUNS, STUDENT_IDS } from '../stories/fixtures';
import { StoryFrame } from '../stories/StoryFrame';
import type { ClassLiveOutput, ClassRun, SafetyAlert } from '../lib/types';
import { AlertsPanel } from './AlertsPanel';
import { LivePanel } from './LivePanel';

const newAlert: SafetyAlert = {
  id: 'fresh',
  class_id: 'c1',
  student_name: 'Amara Okafor',
  run_id: 'r1',
  student_id: STUDENT_IDS[0],
  direction: 'input',
  categories: ['profanity', 'violence'],
  excerpt: 'a flagged phrase',
  source: 'local',
  created_at: new Date().toISOString(),
  acknowledged_at: null,
};

function view(runs: ClassRun[], alerts: SafetyAlert[], onShowAlerts = vi.fn(), liveOutputs?: ReadonlyMap<string, ClassLiveOutput>) {
  return <StoryFrame>{<LivePanel runs={runs} members={MEMBERS} alerts={alerts} onShowAlerts={onShowAlerts} liveOutputs={liveOutputs} />}</StoryFrame>;
}

describe('the live view', () => {
  it('shows the AI output word by word as it is written, then the finished output in its place', () => {
    const [first] = RUNS;
    if (first === undefined) throw new Error('The fixtures have runs.');
    const fresh: ClassRun = { ...first, id: 'r9', status: 'running', outputs: null, steps: [] };
    const live = (text: string): ReadonlyMap<string, ClassLiveOutput> => new Map([['r9', { stepId: 'write', text, withheld: null }]]);
    const { rerender } = render(view([fresh], [], vi.fn(), new Map()));
    const card = () => screen.getByRole('article', { name: 'Amara Okafor: Photosynthesis tutor' });
    expect(card()).toHaveTextContent('Writing…');
    rerender(view([fresh], [], vi.fn(), live('Leaves are')));
    expect(card()).toHaveTextContent('Leaves are');
    rerender(view([fresh], [], vi.fn(), live('Leaves are green because')));
    expect(card()).toHaveTextContent('Leaves are green because');
    expect(card()).not.toHaveTextContent('Writing…');
    // The step is saved: its output replaces the live text (shown once, not twice).
    const saved: ClassRun = { ...fresh, steps: [{ step_id: 'write', status: 'done', output: 'Leaves are green because of chlorophyll.', started_at: fresh.started_at }] };
    rerender(view([saved], [], vi.fn(), live('Leaves are green because')));
    expect(card()).toHaveTextContent('Leaves are green because of chlorophyll.');
    expect(card().textContent?.match(/Leaves are green because/g)).toHaveLength(1);
    // The run ends: its outputs are what stays.
    rerender(view([{ ...saved, status: 'done', outputs: { answer: 'Leaves are green because of chlorophyll.' } }], [], vi.fn(), live('Leaves are green because')));
    expect(screen.getByRole('article', { name: 'Amara Okafor: Photosynthesis tutor' })).toHaveTextContent('answer: Leaves are green because of chlorophyll.');
  });

  it('hides flagged output while it is written and says which check flagged it', () => {
    const [first] = RUNS;
    if (first === undefined) throw new Error('The fixtures have runs.');
    const fresh: ClassRun = { ...first, id: 'r9', status: 'running', outputs: null, steps: [] };
    render(view([fresh], [], vi.fn(), new Map([['r9', { stepId: 'write', text: '', withheld: ['self_harm'] }]])));
    const card = screen.getByRole('article', { name: 'Amara Okafor: Photosynthesis tutor' });
    expect(within(card).getByRole('status')).toHaveTextContent('Hidden while it is written: flagged for Self-harm. Review it in Alerts.');
  });

  it('shows running runs with what the student typed and what the AI has written so far', () => {
    render(view(RUNS, ALERTS));
    const now = screen.getByRole('region', { name: /Running now \(1\)/ });
    const run = within(now).getByRole('article', { name: 'Amara Okafor: Photosynthesis tutor' });
    expect(run).toHaveTextContent('question: Why are leaves green?');
    expect(run).toHaveTextContent('answer: Leaves are green because of chlorophyll');
    expect(run).toHaveTextContent('Running');
  });

  it('updates a streaming output and announces a new alert at once, without a reload', async () => {
    const { rerender } = render(view(RUNS, ALERTS));
    // Alerts that were there when the view opened are in the Alerts tab, not a banner.
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    const grown = RUNS.map((run) => (run.id === 'r1' ? { ...run, status: 'done' as const, outputs: { answer: 'Leaves are green because of chlorophyll, a pigment that reflects green light.' } } : run));
    const onShowAlerts = vi.fn();
    rerender(view(grown, [...ALERTS, newAlert], onShowAlerts));
    expect(screen.getByRole('article', { name: 'Amara Okafor: Photosynthesis tutor' })).toHaveTextContent('reflects green light.');
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent('New safety alert: Profanity, Violence in Amara Okafor’s input');
    expect(banner).toHaveTextContent('“a flagged phrase”');
    await userEvent.click(within(banner).getByRole('button', { name: 'Review alerts' }));
    expect(onShowAlerts).toHaveBeenCalledOnce();
    await userEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('shows a finished run’s answer as the student saw it: rendered, without Markdown marks or step data (issue 27)', () => {
    const [first] = RUNS;
    if (first === undefined) throw new Error('The fixtures have runs.');
    const finished: ClassRun = {
      ...first,
      id: 'r10',
      status: 'done',
      outputs: [{ stepId: 'f3a1c2d4-feedback', title: 'Feedback', markdown: '# Feedback\n**Well done**: three correct \\(ages 11–14\\)\n\n<img src=x onerror=alert(1)>' }],
    };
    render(view([finished], []));
    const card = screen.getByRole('article', { name: 'Amara Okafor: Photosynthesis tutor' });
    expect(card).toHaveTextContent('Well done: three correct (ages 11–14)');
    expect(within(card).getByText('Well done').tagName).toBe('STRONG');
    for (const raw of ['stepId', 'markdown:', 'title:', 'f3a1c2d4', '**', '\\(', '# Feedback']) expect(card.textContent).not.toContain(raw);
    expect(card.querySelector('[onerror]')).toBeNull();
  });

  it('shows an alert about an AI output as the student saw it (issue 27)', () => {
    const outputAlert: SafetyAlert = { ...newAlert, id: 'out', direction: 'output', excerpt: '# Feedback\n**Never** share your address \\(ages 11–14\\)' };
    render(<StoryFrame>{<AlertsPanel alerts={[outputAlert]} members={MEMBERS} onAcknowledge={vi.fn()} />}</StoryFrame>);
    const item = screen.getByRole('listitem');
    expect(item).toHaveTextContent('Never share your address (ages 11–14)');
    for (const raw of ['**', '\\(', '# ']) expect(item.textContent).not.toContain(raw);
  });

  it('never shows a student by anything but their class name', () => {
    const [first] = RUNS;
    if (first === undefined) throw new Error('The fixtures have runs.');
    const stranger: ClassRun = { ...first, id: 'x', student_id: '99999999-9999-4999-8999-999999999999', student_name: null };
    render(view([stranger], []));
    expect(screen.getByRole('article', { name: 'A former student: Photosynthesis tutor' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('99999999');
  });

  it('shows one student’s history when asked', async () => {
    render(view(RUNS, ALERTS));
    await userEvent.click(screen.getByRole('combobox', { name: 'Student' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Leo Fischer' }));
    const history = screen.getByRole('region', { name: 'History of Leo Fischer' });
    expect(within(history).getAllByRole('article')).toHaveLength(1);
    expect(within(history).getByRole('article')).toHaveTextContent('Light, water and carbon dioxide.');
  });
});
