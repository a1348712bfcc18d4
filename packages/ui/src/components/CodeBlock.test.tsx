import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CodeBlock } from './CodeBlock';

describe('CodeBlock', () => {
  const code = 'curl -H "Authorization: Bearer $KEY" https://example.test/run';

  it('shows the code verbatim with its language label', () => {
    const { container } = render(<CodeBlock code={code} language="bash" />);
    expect(screen.getByText('bash')).toBeInTheDocument();
    const block = container.querySelector('pre code');
    expect(block).toHaveTextContent(code);
    expect(block).toHaveClass('language-bash');
  });

  it('copies the whole code with its copy button', async () => {
    const user = userEvent.setup();
    render(<CodeBlock code={code} language="bash" />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(code);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('shows markup in code as text, never as HTML', () => {
    const { container } = render(<CodeBlock code={'<img src=x onerror="alert(1)">'} language="html" />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('<img src=x onerror="alert(1)">')).toBeInTheDocument();
  });

  it('lets keyboard users reach the block to scroll long lines', () => {
    const { container } = render(<CodeBlock code={code} copyable={false} />);
    expect(container.querySelector('pre')).toHaveAttribute('tabindex', '0');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
