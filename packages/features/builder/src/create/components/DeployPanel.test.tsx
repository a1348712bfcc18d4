import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DeployPanel } from './DeployPanel';
import type { DeployPanelProps } from './DeployPanel';

const base: DeployPanelProps = {
  versionNumber: 1,
  isLive: false,
  blockingCount: 0,
  pending: false,
  onDeploy: vi.fn(),
  refusal: null,
  error: null,
  links: null,
  stepNames: { write: '2. Write', show: '3. Show' },
};

describe('DeployPanel', () => {
  it('deploys the draft on click', async () => {
    const user = userEvent.setup();
    const onDeploy = vi.fn();
    render(<DeployPanel {...base} onDeploy={onDeploy} />);
    expect(screen.getByText('Draft')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deploy version 1' }));
    expect(onDeploy).toHaveBeenCalledOnce();
  });

  it('warns before deploying a version with problems', () => {
    render(<DeployPanel {...base} blockingCount={2} />);
    expect(screen.getByText(/Fix the 2 problems listed above first/)).toBeInTheDocument();
  });

  it('shows every problem of a refused deploy under its step and field', () => {
    render(
      <DeployPanel
        {...base}
        refusal={{
          message: 'Version 1 cannot be deployed.',
          problems: [
            { stepId: 'write', field: 'config.prompt', message: 'The prompt of “Write” is empty.' },
            { stepId: 'show', field: 'config.template', message: '“Show” uses {{missing}}, which no step sets.' },
          ],
        }}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Version 1 cannot be deployed.');
    expect(within(alert).getByRole('heading', { name: 'Why deploying was refused' })).toBeInTheDocument();
    const write = within(alert).getByRole('heading', { name: '2. Write' }).parentElement as HTMLElement;
    expect(write).toHaveTextContent('The prompt of “Write” is empty. (config.prompt)');
    const show = within(alert).getByRole('heading', { name: '3. Show' }).parentElement as HTMLElement;
    expect(show).toHaveTextContent('“Show” uses {{missing}}, which no step sets. (config.template)');
  });

  it('once live, shows the public links with copy buttons and cannot deploy the same version again', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(
      <DeployPanel
        {...base}
        isLive
        links={{ app: 'http://localhost/deployed-app/a1', landing: 'http://localhost/landing-page/a1' }}
      />,
    );
    expect(screen.getByText('Live')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deployed' })).toBeDisabled();
    const links = screen.getByRole('list', { name: 'Public links' });
    expect(within(links).getByRole('link', { name: 'http://localhost/deployed-app/a1' })).toHaveAttribute('href', 'http://localhost/deployed-app/a1');
    expect(within(links).getByRole('link', { name: 'http://localhost/landing-page/a1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy landing page link' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost/landing-page/a1');
  });

  it('shows another failure in words', () => {
    render(<DeployPanel {...base} error="Only the app’s owner can deploy it" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Only the app’s owner can deploy it');
  });
});
