import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { runViewOf } from '../lib/run-view-model';
import { RunView } from './RunView';
import type { RunViewProps } from './RunView';

const model = { id: 'offline', label: 'offline model', offline: true };
const handlers = (): Omit<RunViewProps, 'view' | 'busy'> => ({
  onStart: vi.fn(),
  onSubmitInputs: vi.fn(),
  onChoose: vi.fn(),
  onCancel: vi.fn(),
  startLabel: 'Run preview',
});

describe('RunView', () => {
  it('offers to start a run', async () => {
    const user = userEvent.setup();
    const props = handlers();
    render(<RunView {...props} view={null} busy={false} />);
    await user.click(screen.getByRole('button', { name: 'Run preview' }));
    expect(props.onStart).toHaveBeenCalledOnce();
  });

  it('asks for the inputs, sends typed values and shows the engine’s reasons', async () => {
    const user = userEvent.setup();
    const props = handlers();
    const view = runViewOf([
      {
        type: 'awaiting_input',
        stepId: 'ask',
        title: 'About the lesson',
        fields: [
          { type: 'text', name: 'topic', label: 'Topic', required: true },
          { type: 'number', name: 'minutes', label: 'Minutes', required: false },
          { type: 'choice', name: 'level', label: 'Level', required: true, options: ['beginner', 'advanced'] },
          { type: 'yes_no', name: 'homework', label: 'Homework', required: false },
        ],
        errors: [{ field: 'topic', code: 'required', message: '“Topic” is required.' }],
      },
    ]);
    render(<RunView {...props} view={view} busy={false} />);
    expect(screen.getByRole('status')).toHaveTextContent('Waiting for your answers');
    expect(screen.getByText('“Topic” is required.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Topic' }), 'Volcanoes');
    await user.type(screen.getByRole('spinbutton', { name: 'Minutes' }), '45');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Level' }), 'advanced');
    await user.click(screen.getByRole('checkbox', { name: 'Homework' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(props.onSubmitInputs).toHaveBeenCalledWith({ topic: 'Volcanoes', minutes: 45, level: 'advanced', homework: true });
  });

  it('renders streamed words as sanitised markdown with the offline model badge', () => {
    const view = runViewOf([
      { type: 'run', run_id: 'r', offline: true, model_label: 'offline model' },
      { type: 'run_started', runId: 'r', stepId: 'plan', resumed: true, model },
      { type: 'step_started', stepId: 'plan', kind: 'ai', title: 'Write the plan' },
      { type: 'token', stepId: 'plan', text: '**Offline model** — ' },
      { type: 'token', stepId: 'plan', text: '<img src=x onerror=alert(1)><script>alert(2)</script>done' },
    ]);
    render(<RunView {...handlers()} view={view} busy={false} />);
    expect(screen.getByText('offline model')).toBeInTheDocument();
    const output = screen.getByRole('region', { name: 'Output' });
    expect(output).toHaveAttribute('aria-busy', 'true');
    expect(output.querySelector('strong')).toHaveTextContent('Offline model');
    expect(output.querySelector('script')).toBeNull();
    expect(output.querySelector('[onerror]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
  });

  it('offers the choice buttons and sends the one picked', async () => {
    const user = userEvent.setup();
    const props = handlers();
    const view = runViewOf([{ type: 'choice_needed', stepId: 'show', prompt: 'What now?', buttons: [{ index: 0, label: 'Again' }, { index: 1, label: 'Done' }] }]);
    render(<RunView {...props} view={view} busy={false} />);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(props.onChoose).toHaveBeenCalledWith(1);
  });

  it('shows a failed run in words with Run again', async () => {
    const user = userEvent.setup();
    const props = handlers();
    const view = runViewOf([{ type: 'run_failed', code: 'timeout', message: 'Step “Write” took longer than 60 seconds.' }]);
    render(<RunView {...props} view={view} busy={false} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Step “Write” took longer than 60 seconds.');
    await user.click(screen.getByRole('button', { name: 'Run again' }));
    expect(props.onStart).toHaveBeenCalledOnce();
  });
});
