import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DesignPreview } from './DesignPreview';

describe('DesignPreview', () => {
  it('draws the page in the chosen font and colour, with the initials when there is no icon', () => {
    render(
      <DesignPreview
        name="Recipe Finder"
        description="Finds recipes."
        iconUrl={null}
        design={{ theme_color: '#fde047', font: 'mono', layout: 'centered', welcome_text: '' }}
      />,
    );
    const preview = screen.getByTestId('design-preview');
    expect(preview.style.fontFamily).toContain('monospace');
    // A light theme colour gets dark text on its buttons.
    expect(preview.style.getPropertyValue('--settings-preview-on-theme')).toBe('#111827');
    expect(screen.getByText('RF')).toBeInTheDocument();
    expect(screen.getByText('Preview of the deployed page')).toBeInTheDocument();
  });

  it('uses the default colour while a half-typed one is being entered', () => {
    render(<DesignPreview name="A" description={null} iconUrl="https://icons.test/a.png" design={{ theme_color: '#12', font: 'system', layout: 'wide', welcome_text: 'Hi' }} />);
    const preview = screen.getByTestId('design-preview');
    expect(preview.style.getPropertyValue('--settings-preview-theme')).toBe('#4f46e5');
    expect(preview).toHaveAttribute('data-layout', 'wide');
  });
});
