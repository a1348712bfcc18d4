import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { field } from '../test/field';
import { PreviewRunView } from './PreviewRunView';
import type { PreviewRunViewProps } from './PreviewRunView';
import { buildRunView } from './run-view';

const model = { id: 'offline', label: 'offline model', offline: true };
const handlers = (): Omit<PreviewRunViewProps, 'view' | 'busy'> => ({
  onStart: vi.fn(),
  onSubmitInputs: vi.fn(),
  onChoose: vi.fn(),
  onCancel: vi.fn(),
  startLabel: 'Run preview',
});

describe('PreviewRunView', () => {
  it('offers to start a run', async () => {
    const user = userEvent.setup();
    const props = handlers();
    render(<PreviewRunView {...props} view={null} busy={false} />);
    await user.click(screen.getByRole('button', { name: 'Run preview' }));
    expect(props.onStart).toHaveBeenCalledOnce();
  });

  it('asks for the inputs, sends typed values and shows the engine’s reasons', async () => {
    const user = userEvent.setup();
    const props = handlers();
    const view = buildRunView([
      {
        type: 'awaiting_input',
        stepId: 'ask',
        title: 'About the lesson',
        fields: [
          field({ type: 'text', name: 'topic', label: 'Topic', required: true }),
          field({ type: 'number', name: 'minutes', label: 'Minutes', required: false }),
          field({ type: 'choice', name: 'level', label: 'Level', required: true, options: ['beginner', 'advanced'] }),
          field({ type: 'yes_no', name: 'homework', label: 'Homework', required: false }),
        ],
        errors: [{ field: 'topic', code: 'required', message: '“Topic” is required.' }],
      },
    ]);
    render(<PreviewRunView {...props} view={view} busy={false} />);
    expect(screen.getByRole('status')).toHaveTextContent('Waiting for your answers');
    expect(screen.getByText('“Topic” is required.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Topic/ }), 'Volcanoes');
    await user.type(screen.getByRole('spinbutton', { name: /Minutes/ }), '45');
    await user.click(screen.getByRole('radio', { name: 'advanced' }));
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(props.onSubmitInputs).toHaveBeenCalledWith({ topic: 'Volcanoes', minutes: 45, level: 'advanced', homework: true });
  });

  it('checks the answers with the engine’s rules before sending anything', async () => {
    const user = userEvent.setup();
    const props = handlers();
    const view = buildRunView([{ type: 'awaiting_input', stepId: 'ask', title: 'About the lesson', fields: [field({ type: 'text', name: 'topic', label: 'Topic', required: true })], errors: [] }]);
    render(<PreviewRunView {...props} view={view} busy={false} />);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(props.onSubmitInputs).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: /Topic/ })).toHaveFocus();
  });

  it('renders streamed words as sanitised markdown with the offline model badge', () => {
    const view = buildRunView([
      { type: 'run', run_id: 'r', offline: true, model_label: 'offline model' },
      { type: 'run_started', runId: 'r', stepId: 'plan', resumed: true, model },
      { type: 'step_started', stepId: 'plan', kind: 'ai', title: 'Write the plan' },
      { type: 'token', stepId: 'plan', text: '**Offline model** — ' },
      { type: 'token', stepId: 'plan', text: '<img src=x onerror=alert(1)><script>alert(2)</script>done' },
    ]);
    render(<PreviewRunView {...handlers()} view={view} busy={false} />);
    expect(screen.getByTitle(/offline model answered/)).toHaveTextContent('Offline model');
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
    const view = buildRunView([{ type: 'choice_needed', stepId: 'show', prompt: 'What now?', buttons: [{ index: 0, label: 'Again' }, { index: 1, label: 'Done' }] }]);
    render(<PreviewRunView {...props} view={view} busy={false} />);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(props.onChoose).toHaveBeenCalledWith(1);
  });

  it('shows a failed run in words with the retry button the screen names', async () => {
    const user = userEvent.setup();
    const props = handlers();
    const view = buildRunView([{ type: 'run_failed', code: 'timeout', message: 'Step “Write” took longer than 60 seconds.' }]);
    const { rerender } = render(<PreviewRunView {...props} view={view} busy={false} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Step “Write” took longer than 60 seconds.');
    await user.click(screen.getByRole('button', { name: 'Run again' }));
    expect(props.onStart).toHaveBeenCalledOnce();
    rerender(<PreviewRunView {...props} view={view} busy={false} retryLabel="Try again" />);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
