import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TextArea } from './TextArea';

describe('TextArea', () => {
  it('takes several lines of text', async () => {
    render(<TextArea label="Describe your app" />);
    const area = screen.getByRole('textbox', { name: 'Describe your app' });
    await userEvent.type(area, 'Line one{Enter}Line two');
    expect(area).toHaveValue('Line one\nLine two');
  });

  it('associates hint and error with the textarea', () => {
    render(<TextArea label="Prompt" hint="Use {{name}} for inputs." error="The prompt is empty." />);
    const area = screen.getByRole('textbox', { name: 'Prompt' });
    expect(area).toHaveAttribute('aria-invalid', 'true');
    expect(area).toHaveAccessibleDescription('Use {{name}} for inputs. The prompt is empty.');
  });
});
